import { describe, expect, it } from 'vitest';
import { configUrls, findCallbacks } from './installer-callbacks';

describe('findCallbacks', () => {
  it('finds the done URL on a command line and derives the failed one', () => {
    expect(
      findCallbacks('console=ttyS0 rackpilot.done=http://h:3000/boot/done?mac=aa:bb&token=t1 quiet'),
    ).toEqual({
      done: 'http://h:3000/boot/done?mac=aa:bb&token=t1',
      failed: 'http://h:3000/boot/failed?mac=aa:bb&token=t1',
      progress: 'http://h:3000/boot/progress?mac=aa:bb&token=t1',
    });
  });

  it('reads both URLs from a preseed late_command and unescapes XML', () => {
    const preseed = [
      "d-i preseed/late_command string curl -fsS -X POST 'http://h/boot/done?mac=aa&amp;token=t2' || \\",
      '  curl -X POST "http://h/boot/failed?mac=aa&token=t2";',
    ].join('\n');
    expect(findCallbacks(preseed)).toEqual({
      done: 'http://h/boot/done?mac=aa&token=t2',
      failed: 'http://h/boot/failed?mac=aa&token=t2',
      progress: 'http://h/boot/progress?mac=aa&token=t2',
    });
  });

  it('takes the progress URL the text names', () => {
    expect(
      findCallbacks(
        'rackpilot.done=http://h/boot/done?mac=aa&token=t3 rackpilot.progress=http://p/boot/progress?mac=aa&token=t3',
      )?.progress,
    ).toBe('http://p/boot/progress?mac=aa&token=t3');
  });

  it('finds nothing in text without a done URL', () => {
    expect(findCallbacks('initrd=initrd.img ip=dhcp')).toBeUndefined();
    expect(findCallbacks('http://h/boot/failed?mac=aa')).toBeUndefined();
  });
});

describe('configUrls', () => {
  it('lists installer config URLs named on the command line', () => {
    expect(
      configUrls(
        'auto=true url=http://h/p.cfg inst.ks=https://h/ks.cfg ds=nocloud-net;s=http://h/ci/m1/ ip=dhcp x=ftp://no',
      ),
    ).toEqual(['http://h/p.cfg', 'https://h/ks.cfg', 'http://h/ci/m1/user-data']);
  });
});
