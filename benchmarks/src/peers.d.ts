/**
 * Type stubs for peers that ship no declarations. circomlibjs is used through a loose view
 * (adapters/peers-babyjubjub.ts), so its module type is left open.
 */
declare module 'circomlibjs';
