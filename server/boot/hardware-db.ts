/**
 * The boot service's SQL, by concern: sightings, claims, install tokens, address bindings and progress. Multi-row
 * and conditional statements are raw SQL on purpose: a batch of sightings is one `INSERT … SELECT
 * unnest(…) ON CONFLICT` (Prisma's upsert is one row per statement), and a claim is one conditional
 * UPDATE, which is what makes it atomic.
 */
import type { DbClient } from '../db/client';
import { AddressBindingDb } from './address-binding-db';
import { ClaimsDb } from './claims-db';
import { InstallTokensDb } from './install-tokens-db';
import { ProgressDb } from './progress-db';
import { SightingsDb } from './sightings-db';

export class HardwareDb {
  readonly sightings: SightingsDb;
  readonly claims: ClaimsDb;
  readonly tokens: InstallTokensDb;
  /** The statements of a MAC's address binding and its conflicts. */
  readonly bindings: AddressBindingDb;
  /** Provisioning steps and the history's reads. */
  readonly progress: ProgressDb;

  constructor(db: DbClient) {
    this.sightings = new SightingsDb(db);
    this.claims = new ClaimsDb(db);
    this.tokens = new InstallTokensDb(db);
    this.bindings = new AddressBindingDb(db);
    this.progress = new ProgressDb(db);
  }
}
