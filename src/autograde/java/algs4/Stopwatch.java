/* A stand-in for algs4's Stopwatch, written for slider. */
package edu.princeton.cs.algs4;

public final class Stopwatch {
    private final long start = System.nanoTime();

    public Stopwatch() { }

    public double elapsedTime() { return (System.nanoTime() - start) / 1e9; }
}
