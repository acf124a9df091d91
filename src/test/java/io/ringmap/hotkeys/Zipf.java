package io.ringmap.hotkeys;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Seeded Zipf sampler over ranks 1..n by inverse CDF; rank 1 is the hottest. */
public final class Zipf {

    private final double[] cdf;
    private final SplittableRandom random;

    public Zipf(int n, double exponent, long seed) {
        cdf = new double[n];
        double sum = 0;
        for (int rank = 1; rank <= n; rank++) {
            sum += 1 / Math.pow(rank, exponent);
            cdf[rank - 1] = sum;
        }
        for (int i = 0; i < n; i++) {
            cdf[i] /= sum;
        }
        random = new SplittableRandom(seed);
    }

    /** A rank between 1 and n. */
    public int next() {
        int index = Arrays.binarySearch(cdf, random.nextDouble());
        return (index >= 0 ? index : -index - 1) + 1;
    }
}
