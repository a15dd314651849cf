/** The Node flags of the API process (server-node-flags.mjs). */
export declare const serverNodeFlags: readonly string[];
