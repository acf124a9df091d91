package io.ringmap.token;

/**
 * MurmurHash3 x64_128 exactly as Cassandra computes it for partition keys.
 *
 * <p>Mirrors {@code org.apache.cassandra.utils.MurmurHash.hash3_x64_128}: the body blocks are read as little-endian
 * unsigned bytes, but the tail bytes are sign-extended ({@code (long) key[i]}), so any key whose length is not a
 * multiple of 16 and whose tail holds a byte >= 0x80 hashes differently from stock MurmurHash3 implementations.
 */
final class CassandraMurmur3 {

    private static final long C1 = 0x87c37b91114253d5L;
    private static final long C2 = 0x4cf5ad432745937fL;

    private CassandraMurmur3() {}

    /** Returns h1, the first 64 bits of Cassandra's 128-bit hash of {@code key[offset, offset+length)} (seed 0). */
    static long hash3x64h1(byte[] key, int offset, int length) {
        int nblocks = length >> 4;
        long h1 = 0;
        long h2 = 0;

        for (int i = 0; i < nblocks; i++) {
            long k1 = block(key, offset, i * 2);
            long k2 = block(key, offset, i * 2 + 1);

            k1 *= C1;
            k1 = Long.rotateLeft(k1, 31);
            k1 *= C2;
            h1 ^= k1;
            h1 = Long.rotateLeft(h1, 27);
            h1 += h2;
            h1 = h1 * 5 + 0x52dce729;

            k2 *= C2;
            k2 = Long.rotateLeft(k2, 33);
            k2 *= C1;
            h2 ^= k2;
            h2 = Long.rotateLeft(h2, 31);
            h2 += h1;
            h2 = h2 * 5 + 0x38495ab5;
        }

        int tail = offset + (nblocks << 4);
        long k1 = 0;
        long k2 = 0;
        // Cassandra's quirk: (long) key.get(i) sign-extends bytes >= 0x80 (no & 0xff here, unlike the body).
        switch (length & 15) {
            case 15:
                k2 ^= ((long) key[tail + 14]) << 48; // fall through
            case 14:
                k2 ^= ((long) key[tail + 13]) << 40; // fall through
            case 13:
                k2 ^= ((long) key[tail + 12]) << 32; // fall through
            case 12:
                k2 ^= ((long) key[tail + 11]) << 24; // fall through
            case 11:
                k2 ^= ((long) key[tail + 10]) << 16; // fall through
            case 10:
                k2 ^= ((long) key[tail + 9]) << 8; // fall through
            case 9:
                k2 ^= key[tail + 8];
                k2 *= C2;
                k2 = Long.rotateLeft(k2, 33);
                k2 *= C1;
                h2 ^= k2;
            // fall through
            case 8:
                k1 ^= ((long) key[tail + 7]) << 56; // fall through
            case 7:
                k1 ^= ((long) key[tail + 6]) << 48; // fall through
            case 6:
                k1 ^= ((long) key[tail + 5]) << 40; // fall through
            case 5:
                k1 ^= ((long) key[tail + 4]) << 32; // fall through
            case 4:
                k1 ^= ((long) key[tail + 3]) << 24; // fall through
            case 3:
                k1 ^= ((long) key[tail + 2]) << 16; // fall through
            case 2:
                k1 ^= ((long) key[tail + 1]) << 8; // fall through
            case 1:
                k1 ^= key[tail];
                k1 *= C1;
                k1 = Long.rotateLeft(k1, 31);
                k1 *= C2;
                h1 ^= k1;
                break;
            default:
                break;
        }

        h1 ^= length;
        h2 ^= length;
        h1 += h2;
        h2 += h1;
        h1 = fmix(h1);
        h2 = fmix(h2);
        h1 += h2;
        return h1;
    }

    private static long block(byte[] key, int offset, int index) {
        int b = offset + (index << 3);
        return (key[b] & 0xffL)
                | (key[b + 1] & 0xffL) << 8
                | (key[b + 2] & 0xffL) << 16
                | (key[b + 3] & 0xffL) << 24
                | (key[b + 4] & 0xffL) << 32
                | (key[b + 5] & 0xffL) << 40
                | (key[b + 6] & 0xffL) << 48
                | (key[b + 7] & 0xffL) << 56;
    }

    private static long fmix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }
}
