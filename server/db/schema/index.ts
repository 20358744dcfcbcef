/** The whole Drizzle schema (DESIGN.md "Data model"), one table per file. */
export * from './organizations';
export * from './users';
export * from './refreshTokens';
export * from './buildings';
export * from './floors';
export * from './floorPlans';
export * from './devices';
export * from './devicePositions';
export * from './events';
export * from './alerts';
export * from './notifications';
export * from './vortexConnections';
export * from './passwordResetTokens';
export * from './invitations';
export * from './oidcLoginStates';
