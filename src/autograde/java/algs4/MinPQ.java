/*
 * A stand-in for algs4's MinPQ, written for slider (not derived from the
 * GPL algs4 sources): the same binary heap as algs4's, comparison for
 * comparison and resize for resize, so that keys of equal priority leave in
 * the same order as under the course's grader (a Solver's counts depend on
 * it). It counts its operations in slider.probe.Tally, and tells
 * slider.probe.Instances of each queue made, each key inserted and each key
 * about to leave (which the probe uses to measure the queues' memory, and to
 * check that no key's order changes while in a queue: Solver 1). The probe
 * loads this class before any student class, so that the token it takes is
 * its own.
 *
 * The order audit's comparisons are made here, by the method the heap's own
 * comparisons go through (compare), on the key the queue was given: no
 * frame of slider's probe is on the stack while a student's compareTo() or
 * comparator runs, and its Board counts are not counted (Instances.pause).
 */
package edu.princeton.cs.algs4;

import java.util.Comparator;
import java.util.Iterator;
import java.util.NoSuchElementException;

public class MinPQ<Key> implements Iterable<Key> {
    private static final Object TOKEN = slider.probe.Instances.token();
    private Key[] pq;
    private int n;
    private Comparator<Key> comparator;

    public MinPQ(int initCapacity) {
        this(initCapacity, true);
    }

    /** A queue; `announced`: whether the probe hears of it (not the iterator's copy). */
    @SuppressWarnings("unchecked")
    private MinPQ(int initCapacity, boolean announced) {
        if (initCapacity < 0) throw new IllegalArgumentException("negative capacity");
        pq = (Key[]) new Object[initCapacity + 1];
        n = 0;
        if (announced) slider.probe.Instances.created(TOKEN, this);
    }

    public MinPQ() { this(1); }

    public MinPQ(int initCapacity, Comparator<Key> comparator) {
        this(initCapacity);
        this.comparator = comparator;
    }

    public MinPQ(Comparator<Key> comparator) { this(1, comparator); }

    @SuppressWarnings("unchecked")
    public MinPQ(Key[] keys) {
        n = keys.length;
        pq = (Key[]) new Object[keys.length + 1];
        for (int i = 0; i < n; i++) pq[i + 1] = keys[i];
        for (int k = n / 2; k >= 1; k--) sink(k);
        for (int i = 0; i < n; i++) slider.probe.Tally.insert();
        slider.probe.Instances.created(TOKEN, this);
        for (int i = 1; i <= n; i++) audit(slider.probe.Instances.inserted(TOKEN, this, comparator, pq[i], pq, n, i));
    }

    public boolean isEmpty() { return n == 0; }

    public int size() { return n; }

    public Key min() {
        if (isEmpty()) throw new NoSuchElementException("Priority queue underflow");
        return pq[1];
    }

    @SuppressWarnings("unchecked")
    private void resize(int capacity) {
        Key[] temp = (Key[]) new Object[capacity];
        for (int i = 1; i <= n; i++) temp[i] = pq[i];
        pq = temp;
    }

    public void insert(Key x) {
        slider.probe.Tally.insert();
        if (n == pq.length - 1) resize(2 * pq.length);
        pq[++n] = x;
        int at = swim(n);
        audit(slider.probe.Instances.inserted(TOKEN, this, comparator, x, pq, n, at));
    }

    public Key delMin() {
        if (isEmpty()) throw new NoSuchElementException("Priority queue underflow");
        slider.probe.Tally.delMin();
        Key min = pq[1];
        audit(slider.probe.Instances.deleting(TOKEN, min));
        exch(1, n--);
        sink(1);
        pq[n + 1] = null;
        if ((n > 0) && (n == (pq.length - 1) / 4)) resize(pq.length / 2);
        return min;
    }

    /** Moves the key at k up to its place; returns the place. */
    private int swim(int k) {
        while (k > 1 && greater(k / 2, k)) {
            exch(k / 2, k);
            k = k / 2;
        }
        return k;
    }

    private void sink(int k) {
        while (2 * k <= n) {
            int j = 2 * k;
            if (j < n && greater(j, j + 1)) j++;
            if (!greater(k, j)) break;
            exch(k, j);
            k = j;
        }
    }

    private boolean greater(int i, int j) {
        return compare(pq[i], pq[j]) > 0;
    }

    /** The queue's order of two keys: its comparator's, or compareTo(). */
    @SuppressWarnings("unchecked")
    private int compare(Key a, Key b) {
        if (comparator == null) return ((Comparable<Key>) a).compareTo(b);
        return comparator.compare(a, b);
    }

    /**
     * The comparisons the order audit asks for (none: null), made as the
     * heap makes its own, their signs handed back. One that throws is the
     * audit's finding, and is thrown on, as the heap's own would be. (What
     * is asked is an opaque Object read through Instances' static methods:
     * this class names no class nested in the probe, whose package javac
     * must not see when it compiles a Solver against this class.)
     */
    @SuppressWarnings("unchecked")
    private void audit(Object asked) {
        if (asked == null) return;
        int[] signs = new int[slider.probe.Instances.count(asked)];
        slider.probe.Instances.pause(TOKEN, true);
        try {
            for (int i = 0; i < signs.length; i++) {
                Key left = (Key) slider.probe.Instances.left(asked, i);
                Key right = (Key) slider.probe.Instances.right(asked, i);
                signs[i] = Integer.signum(compare(left, right));
            }
        } catch (Throwable t) {
            slider.probe.Instances.threw(TOKEN, asked, t);
            throw t;
        } finally {
            slider.probe.Instances.pause(TOKEN, false);
        }
        slider.probe.Instances.compared(TOKEN, asked, signs);
    }

    private void exch(int i, int j) {
        Key swap = pq[i];
        pq[i] = pq[j];
        pq[j] = swap;
    }

    /** Iterates in ascending order, on a copy; the queue is unchanged. */
    public Iterator<Key> iterator() {
        MinPQ<Key> copy = new MinPQ<>(size(), false);
        copy.comparator = comparator;
        for (int i = 1; i <= n; i++) {
            copy.pq[++copy.n] = pq[i];
            copy.swim(copy.n);
        }
        return new Iterator<Key>() {
            public boolean hasNext() { return !copy.isEmpty(); }
            public Key next() {
                if (copy.isEmpty()) throw new NoSuchElementException();
                Key min = copy.pq[1];
                copy.exch(1, copy.n--);
                copy.sink(1);
                copy.pq[copy.n + 1] = null;
                return min;
            }
        };
    }
}
