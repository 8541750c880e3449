/**
 * The `/ecc` module as bitcoinjs consumes it, unchanged: bitcoinjs-lib 7.0.5
 * (`initEccLib`, which runs its own checks of the module), ecpair 3.0.2
 * (`ECPairFactory`) and bip32 5.0.1 (`BIP32Factory`). A BIP-32 path is
 * derived, a P2WPKH input and a P2TR key-path input are signed, validated
 * and finalized; every result equals the same steps run on tiny-secp256k1
 * (signatures are deterministic: RFC 6979 ECDSA, BIP-340 with aux = 0).
 */
import { describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import { toXOnly } from 'bitcoinjs-lib/src/psbt/bip371';
import { ECPairFactory } from 'ecpair';
import { BIP32Factory } from 'bip32';
import * as tiny from 'tiny-secp256k1';
import { hex, toHex } from '@strata/testkit';
import * as ecc from '../src/ecc.js';
import * as ecdsa from '../src/ecdsa-api.js';
import * as schnorr from '../src/schnorr-api.js';

const seed = hex('000102030405060708090a0b0c0d0e0f');
const PREV_TX = 'ab'.repeat(32);

/** Derives m/84'/0'/0'/0/0 and m/86'/0'/0'/0/0 and signs one P2WPKH and one P2TR key-path spend with `lib`. */
function run(lib: typeof ecc) {
  bitcoin.initEccLib(lib);
  const bip32 = BIP32Factory(lib);
  const ECPair = ECPairFactory(lib);
  const root = bip32.fromSeed(seed);
  const wpkhNode = root.derivePath("m/84'/0'/0'/0/0");
  const trNode = root.derivePath("m/86'/0'/0'/0/0");

  // P2WPKH
  const wpkhKey = ECPair.fromPrivateKey(wpkhNode.privateKey!);
  const p2wpkh = bitcoin.payments.p2wpkh({ pubkey: wpkhKey.publicKey });
  const psbt1 = new bitcoin.Psbt();
  psbt1.addInput({ hash: PREV_TX, index: 0, witnessUtxo: { script: p2wpkh.output!, value: 100_000n } });
  psbt1.addOutput({ address: p2wpkh.address!, value: 90_000n });
  psbt1.signInput(0, wpkhKey);
  const ecdsaOk = psbt1.validateSignaturesOfInput(0, (pubkey, msghash, signature) => ECPair.fromPublicKey(pubkey).verify(msghash, signature));
  psbt1.finalizeAllInputs();
  const wpkhTx = psbt1.extractTransaction().toHex();

  // P2TR key path (BIP-86: no script tree)
  const internalPubkey = toXOnly(trNode.publicKey);
  const p2tr = bitcoin.payments.p2tr({ internalPubkey });
  const tweaked = trNode.tweak(bitcoin.crypto.taggedHash('TapTweak', internalPubkey));
  const psbt2 = new bitcoin.Psbt();
  psbt2.addInput({ hash: PREV_TX, index: 1, witnessUtxo: { script: p2tr.output!, value: 50_000n }, tapInternalKey: internalPubkey });
  psbt2.addOutput({ address: p2tr.address!, value: 40_000n });
  psbt2.signInput(0, tweaked);
  const schnorrOk = psbt2.validateSignaturesOfInput(0, (pubkey, msghash, signature) => lib.verifySchnorr(msghash, pubkey, signature));
  psbt2.finalizeAllInputs();
  const trTx = psbt2.extractTransaction();

  return {
    xprv: root.toBase58(),
    wpkhXpub: wpkhNode.neutered().toBase58(),
    wpkhAddress: p2wpkh.address!,
    trAddress: p2tr.address!,
    ecdsaOk,
    schnorrOk,
    wpkhTx,
    trTx: trTx.toHex(),
    trWitness: trTx.ins[0]!.witness.map((w) => toHex(w)),
    trOutputKey: toHex(p2tr.pubkey!),
    trSighashPrevout: { script: p2tr.output!, value: 50_000n },
    trNodeKey: toHex(tweaked.publicKey),
  };
}

describe('bitcoinjs-lib 7, ecpair 3 and bip32 5 on @strata/secp256k1-signatures/ecc', () => {
  it('initEccLib accepts the module (bitcoinjs runs its own checks)', () => {
    expect(() => bitcoin.initEccLib(ecc)).not.toThrow();
  });

  it('BIP-32 derivation, a P2WPKH and a P2TR key-path spend: valid, and equal to tiny-secp256k1', () => {
    const ours = run(ecc);
    const theirs = run(tiny as unknown as typeof ecc);
    expect(ours.ecdsaOk).toBe(true);
    expect(ours.schnorrOk).toBe(true);
    // BIP-32 test vector 1 master key.
    expect(ours.xprv).toBe('xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi');
    expect(ours.wpkhAddress.startsWith('bc1q')).toBe(true);
    expect(ours.trAddress.startsWith('bc1p')).toBe(true);
    for (const k of ['xprv', 'wpkhXpub', 'wpkhAddress', 'trAddress', 'wpkhTx', 'trTx', 'trOutputKey', 'trNodeKey'] as const) expect(ours[k], k).toBe(theirs[k]);
    // The key-path witness is one 64-byte BIP-340 signature by the tweaked output key.
    expect(ours.trWitness.length).toBe(1);
    expect(ours.trWitness[0]!.length).toBe(128);
    expect(ours.trOutputKey).toBe(ours.trNodeKey.slice(2));
  });

  it('the P2WPKH witness verifies with the package API, and a tampered one does not', () => {
    const { wpkhTx } = run(ecc);
    const tx = bitcoin.Transaction.fromHex(wpkhTx);
    const [sigDer, pubkey] = tx.ins[0]!.witness as [Uint8Array, Uint8Array];
    const p2wpkh = bitcoin.payments.p2wpkh({ pubkey });
    const hash = tx.hashForWitnessV0(0, bitcoin.payments.p2pkh({ hash: p2wpkh.hash! }).output!, 100_000n, bitcoin.Transaction.SIGHASH_ALL);
    const sig = ecdsa.signatureFromDER(sigDer.subarray(0, sigDer.length - 1)); // drop the sighash byte
    expect(ecdsa.verify(sig, hash, pubkey)).toBe(true);
    const bad = hash.slice();
    bad[0]! ^= 1;
    expect(ecdsa.verify(sig, bad, pubkey)).toBe(false);
  });

  it('the P2TR witness verifies with schnorr.verify under the output key', () => {
    const { trTx, trOutputKey, trSighashPrevout } = run(ecc);
    const tx = bitcoin.Transaction.fromHex(trTx);
    const hash = tx.hashForWitnessV1(0, [trSighashPrevout.script], [trSighashPrevout.value], bitcoin.Transaction.SIGHASH_DEFAULT);
    expect(schnorr.verify(tx.ins[0]!.witness[0]!, hash, hex(trOutputKey))).toBe(true);
  });
});
