/**
 * Generic prime fields GF(p) (Montgomery arithmetic on radix-2^24 double
 * limbs) and the instances the twisted Edwards curves use.
 */
export { PrimeField, blsFr, bn254Fr, type PrimeFieldElement, type FromBytesOptions } from './prime-field.js';
