/** The flat-config blocks eslint.config.mjs spreads in; tests read their patterns. */
export declare const layerRules: unknown[];
