/* A stand-in for algs4's StdRandom, written for slider. */
package edu.princeton.cs.algs4;

import java.util.Random;

public final class StdRandom {
    // Seeded alike in every JVM (algs4's seeds from the clock): a Board
    // whose twin() is random gets the same verdicts, and the same counts,
    // every time it is graded.
    private static Random random = new Random(2026);

    private StdRandom() { }

    public static void setSeed(long seed) { random = new Random(seed); }

    public static double uniform() { return random.nextDouble(); }

    public static int uniform(int n) {
        if (n <= 0) throw new IllegalArgumentException("argument must be positive");
        return random.nextInt(n);
    }

    public static int uniform(int lo, int hi) {
        if (hi <= lo) throw new IllegalArgumentException("invalid range");
        return lo + random.nextInt(hi - lo);
    }

    public static boolean bernoulli() { return random.nextBoolean(); }

    public static void shuffle(int[] a) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    public static void shuffle(Object[] a) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            Object t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
