/*
 * slider's instrumented reference Board. The autograder compiles a
 * student's Solver against this Board instead of the student's own (as the
 * course's autograder does for its Solver tests), so that what the Solver
 * asks of its boards can be counted and checked:
 *   - equals() calls, those whose argument is not a Board, and those whose
 *     argument is not a neighbor of a neighbor (the grandparent);
 *   - constructor, hamming(), manhattan() and toString() calls.
 * It has the methods of both spec variants (Coursera's dimension() and
 * twin(); Princeton's size(), tileAt() and isSolvable()).
 */
import java.util.ArrayList;
import java.util.List;

public class Board {
    public static long constructed, equalsCalls, equalsNotBoard, equalsNotGrandparent;
    public static long hammingCalls, manhattanCalls, toStringCalls;

    private final int[][] tiles;
    private final int n;

    public static void resetCounts() {
        constructed = 0;
        equalsCalls = 0;
        equalsNotBoard = 0;
        equalsNotGrandparent = 0;
        hammingCalls = 0;
        manhattanCalls = 0;
        toStringCalls = 0;
    }

    public Board(int[][] tiles) {
        constructed++;
        n = tiles.length;
        this.tiles = new int[n][];
        for (int i = 0; i < n; i++) this.tiles[i] = tiles[i].clone();
    }

    public String toString() {
        toStringCalls++;
        StringBuilder s = new StringBuilder();
        s.append(n).append('\n');
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) s.append(String.format("%2d ", tiles[i][j]));
            s.append('\n');
        }
        return s.toString();
    }

    public int dimension() { return n; }

    public int size() { return n; }

    public int tileAt(int row, int col) {
        if (row < 0 || row >= n || col < 0 || col >= n) throw new IllegalArgumentException("outside the board");
        return tiles[row][col];
    }

    public int hamming() {
        hammingCalls++;
        int count = 0;
        for (int k = 0; k < n * n; k++) {
            int t = tiles[k / n][k % n];
            if (t != 0 && t != k + 1) count++;
        }
        return count;
    }

    public int manhattan() {
        manhattanCalls++;
        int sum = 0;
        for (int k = 0; k < n * n; k++) {
            int t = tiles[k / n][k % n];
            if (t != 0) sum += Math.abs((t - 1) / n - k / n) + Math.abs((t - 1) % n - k % n);
        }
        return sum;
    }

    public boolean isGoal() {
        for (int k = 0; k < n * n - 1; k++) if (tiles[k / n][k % n] != k + 1) return false;
        return true;
    }

    public boolean isSolvable() {
        int[] flat = new int[n * n];
        int blankRow = 0;
        for (int k = 0; k < n * n; k++) {
            flat[k] = tiles[k / n][k % n];
            if (flat[k] == 0) blankRow = k / n;
        }
        long inversions = 0;
        for (int i = 0; i < flat.length; i++)
            for (int j = i + 1; j < flat.length; j++)
                if (flat[i] != 0 && flat[j] != 0 && flat[i] > flat[j]) inversions++;
        return n % 2 == 1 ? inversions % 2 == 0 : (inversions + blankRow) % 2 == 1;
    }

    public boolean equals(Object y) {
        equalsCalls++;
        if (!(y instanceof Board)) {
            equalsNotBoard++;
            return false;
        }
        Board that = (Board) y;
        if (!twoMovesApart(that)) equalsNotGrandparent++;
        if (that.n != n) return false;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (tiles[i][j] != that.tiles[i][j]) return false;
        return true;
    }

    /** Whether that is a neighbor of a neighbor of this board. */
    private boolean twoMovesApart(Board that) {
        if (that.n != n) return false;
        int differ = 0, mine = -1, theirs = -1;
        for (int k = 0; k < n * n; k++) {
            int a = tiles[k / n][k % n], b = that.tiles[k / n][k % n];
            if (a == 0) mine = k;
            if (b == 0) theirs = k;
            if (a != b) differ++;
        }
        if (differ == 0) return true;
        int distance = Math.abs(mine / n - theirs / n) + Math.abs(mine % n - theirs % n);
        return differ == 3 && distance == 2;
    }

    public int hashCode() {
        return java.util.Arrays.deepHashCode(tiles);
    }

    public Iterable<Board> neighbors() {
        int blank = 0;
        for (int k = 0; k < n * n; k++) if (tiles[k / n][k % n] == 0) blank = k;
        int row = blank / n, col = blank % n;
        List<Board> out = new ArrayList<>();
        int[][] moves = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int[] m : moves) {
            int r = row + m[0], c = col + m[1];
            if (r >= 0 && r < n && c >= 0 && c < n) out.add(swapped(row, col, r, c));
        }
        return out;
    }

    public Board twin() {
        int r = (tiles[0][0] == 0 || tiles[0][1] == 0) ? 1 : 0;
        return swapped(r, 0, r, 1);
    }

    private Board swapped(int r1, int c1, int r2, int c2) {
        Board b = new Board(tiles);
        int t = b.tiles[r1][c1];
        b.tiles[r1][c1] = b.tiles[r2][c2];
        b.tiles[r2][c2] = t;
        return b;
    }
}
