/*
 * slider's yardstick: a fixed piece of work, measured in the timing JVM
 * just before each timing trial, that puts the student's CPU seconds on
 * the course's scale (src/autograde/judge/measure.rs; docs/AUTOGRADER.md,
 * "Seconds on the course's scale").
 *
 * The work is the course's reference Solver as slider models it
 * (src/autograde/model/): A* on the board and its twin in lockstep, a
 * binary heap each (algs4's, comparison for comparison), a search node
 * that caches its priority (moves + Manhattan), boards that hold an int[]
 * and compute their Manhattan distance once, and the critical
 * optimization. It is the kind of work a student's Solver does on the
 * reference Board, so whatever slows one (a slower processor, caches
 * shared with other programs, a cgroup's CPU share) slows the other alike.
 *
 * It shares no class with the student's code (its boards and heap are its
 * own), it is package-private, and it runs on the probe's own thread
 * while no student thread runs: the student's code can neither call it
 * nor change what it measures, except by the caches its leftover state
 * occupies, which the median over a JVM's trials absorbs.
 */
package slider.probe;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

final class Yardstick {
    private Yardstick() { }

    /** A board: its size, its tiles (row-major, 0 the blank), its Manhattan distance. */
    private static final class Tiles {
        final int n;
        final int[] tiles;
        final int distance;

        Tiles(int n, int[] tiles) {
            this.n = n;
            this.tiles = tiles;
            int sum = 0;
            for (int k = 0; k < tiles.length; k++) {
                int t = tiles[k];
                if (t != 0) sum += Math.abs((t - 1) / n - k / n) + Math.abs((t - 1) % n - k % n);
            }
            distance = sum;
        }

        Tiles swapped(int i, int j) {
            int[] copy = tiles.clone();
            int t = copy[i];
            copy[i] = copy[j];
            copy[j] = t;
            return new Tiles(n, copy);
        }

        Tiles[] neighbors() {
            int blank = 0;
            while (tiles[blank] != 0) blank++;
            int row = blank / n, col = blank % n;
            Tiles[] out = new Tiles[4];
            int k = 0;
            if (row + 1 < n) out[k++] = swapped(blank, blank + n);
            if (col + 1 < n) out[k++] = swapped(blank, blank + 1);
            if (col > 0) out[k++] = swapped(blank, blank - 1);
            if (row > 0) out[k++] = swapped(blank, blank - n);
            return Arrays.copyOf(out, k);
        }

        Tiles twin() {
            if (tiles[0] != 0 && tiles[1] != 0) return swapped(0, 1);
            return swapped(tiles.length - 2, tiles.length - 1);
        }

        boolean same(Tiles that) {
            return that != null && Arrays.equals(tiles, that.tiles);
        }
    }

    /** A search node, its priority cached. */
    private static final class Node {
        final Tiles board;
        final int moves;
        final int priority;
        final Node previous;

        Node(Tiles board, int moves, Node previous) {
            this.board = board;
            this.moves = moves;
            this.priority = moves + board.distance;
            this.previous = previous;
        }
    }

    /** algs4's MinPQ on search nodes by priority: swim, sink, resize. */
    private static final class Heap {
        private Node[] pq = new Node[2];
        private int size;

        void insert(Node x) {
            if (size == pq.length - 1) pq = Arrays.copyOf(pq, 2 * pq.length);
            pq[++size] = x;
            int k = size;
            while (k > 1 && greater(k / 2, k)) {
                exchange(k, k / 2);
                k = k / 2;
            }
        }

        Node delMin() {
            Node min = pq[1];
            exchange(1, size--);
            int k = 1;
            while (2 * k <= size) {
                int j = 2 * k;
                if (j < size && greater(j, j + 1)) j++;
                if (!greater(k, j)) break;
                exchange(k, j);
                k = j;
            }
            pq[size + 1] = null;
            if (size > 0 && size == (pq.length - 1) / 4) pq = Arrays.copyOf(pq, pq.length / 2);
            return min;
        }

        private boolean greater(int i, int j) {
            return pq[i].priority > pq[j].priority;
        }

        private void exchange(int i, int j) {
            Node t = pq[i];
            pq[i] = pq[j];
            pq[j] = t;
        }
    }

    /** One step of a search: the next node off its heap, its children onto it. */
    private static Node step(Heap heap) {
        Node node = heap.delMin();
        if (node.board.distance == 0) return node;
        Tiles grandparent = node.previous == null ? null : node.previous.board;
        for (Tiles next : node.board.neighbors()) {
            if (!next.same(grandparent)) heap.insert(new Node(next, node.moves + 1, node));
        }
        return null;
    }

    /** Solves `board` (or finds it unsolvable); its number of moves, or -1. */
    static int solve(int n, int[] tiles) {
        Tiles start = new Tiles(n, tiles);
        Heap heap = new Heap();
        Heap twin = new Heap();
        heap.insert(new Node(start, 0, null));
        twin.insert(new Node(start.twin(), 0, null));
        while (true) {
            Node found = step(heap);
            if (found != null) return found.moves;
            if (step(twin) != null) return -1;
        }
    }

    /** The CPU time, in nanoseconds, of this thread solving `board` (as Calls.parse reads it). */
    static long measure(int[][] board) {
        int n = board.length;
        int[] tiles = new int[n * n];
        for (int i = 0; i < n; i++) System.arraycopy(board[i], 0, tiles, i * n, n);
        ThreadMXBean clock = ManagementFactory.getThreadMXBean();
        long started = clock.getCurrentThreadCpuTime();
        int moves = solve(n, tiles);
        long spent = clock.getCurrentThreadCpuTime() - started;
        // moves is used, so that no compiler leaves the work out
        return moves == Integer.MIN_VALUE ? -1 : spent;
    }
}
