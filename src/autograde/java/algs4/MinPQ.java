/*
 * A stand-in for algs4's MinPQ, written for slider (not derived from the
 * GPL algs4 sources): a binary heap with the same public API. It counts its
 * operations for the autograder, and can check that keys already in the
 * queue are not changed behind its back.
 */
package edu.princeton.cs.algs4;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.NoSuchElementException;

public class MinPQ<Key> implements Iterable<Key> {
    /** Operation counts across all queues (read by slider's probe). */
    public static long inserts, deletes, maxSize;
    /** When set, every delMin checks the heap order against the comparator. */
    public static boolean audit;
    /** Set when an audit found a key smaller than its parent. */
    public static String auditFailure;

    private Key[] heap;
    private int n;
    private final Comparator<Key> comparator;

    public MinPQ() { this(1); }

    public MinPQ(int capacity) { this(capacity, null); }

    public MinPQ(Comparator<Key> comparator) { this(1, comparator); }

    @SuppressWarnings("unchecked")
    public MinPQ(int capacity, Comparator<Key> comparator) {
        if (capacity < 0) throw new IllegalArgumentException("negative capacity");
        this.heap = (Key[]) new Object[Math.max(capacity, 1) + 1];
        this.comparator = comparator;
    }

    public MinPQ(Key[] keys) {
        this(keys.length);
        for (Key key : keys) insert(key);
    }

    public boolean isEmpty() { return n == 0; }

    public int size() { return n; }

    public Key min() {
        if (n == 0) throw new NoSuchElementException("Priority queue underflow");
        return heap[1];
    }

    public void insert(Key key) {
        inserts++;
        if (n + 1 == heap.length) heap = Arrays.copyOf(heap, 2 * heap.length);
        heap[++n] = key;
        up(n);
        if (n > maxSize) maxSize = n;
    }

    public Key delMin() {
        if (n == 0) throw new NoSuchElementException("Priority queue underflow");
        deletes++;
        if (audit) check();
        Key min = heap[1];
        swap(1, n);
        heap[n--] = null;
        down(1);
        if (n > 0 && n < (heap.length - 1) / 4) heap = Arrays.copyOf(heap, Math.max(2, heap.length / 2));
        return min;
    }

    private void check() {
        for (int k = 2; k <= n && auditFailure == null; k++) {
            if (less(k, k / 2)) {
                auditFailure = "a key in the queue became smaller than its parent after it was inserted";
            }
        }
    }

    @SuppressWarnings("unchecked")
    private boolean less(int i, int j) {
        if (comparator != null) return comparator.compare(heap[i], heap[j]) < 0;
        return ((Comparable<Key>) heap[i]).compareTo(heap[j]) < 0;
    }

    private void swap(int i, int j) {
        Key t = heap[i];
        heap[i] = heap[j];
        heap[j] = t;
    }

    private void up(int k) {
        while (k > 1 && less(k, k / 2)) {
            swap(k, k / 2);
            k /= 2;
        }
    }

    private void down(int k) {
        while (2 * k <= n) {
            int j = 2 * k;
            if (j < n && less(j + 1, j)) j++;
            if (!less(j, k)) break;
            swap(k, j);
            k = j;
        }
    }

    /** Iterates in ascending order, on a copy; the queue is unchanged. */
    public Iterator<Key> iterator() {
        MinPQ<Key> copy = new MinPQ<>(n, comparator);
        for (int i = 1; i <= n; i++) {
            copy.heap[++copy.n] = heap[i];
            copy.up(copy.n);
        }
        return new Iterator<Key>() {
            public boolean hasNext() { return !copy.isEmpty(); }
            public Key next() {
                if (copy.isEmpty()) throw new NoSuchElementException();
                Key min = copy.heap[1];
                copy.swap(1, copy.n);
                copy.heap[copy.n--] = null;
                copy.down(1);
                return min;
            }
        };
    }
}
