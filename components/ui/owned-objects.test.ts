import { describe, expect, it } from 'vitest';
import { imagesText } from './owned-objects';

describe('imagesText', () => {
  it.each([
    [[], ''],
    [['ironic:latest'], 'ironic:latest'],
    [['ironic:latest', 'ironic:latest', 'ironic:latest', 'ironic:latest'], 'ironic:latest (4 containers)'],
    [['ironic:latest', 'mariadb:10', 'ironic:latest'], 'ironic:latest (2 containers), mariadb:10'],
  ])('%j → %s', (images, text) => {
    expect(imagesText(images)).toBe(text);
  });
});
