// Bidirectional breadth-first search for the n-by-n sliding puzzle, written
// the way a course submission writes it: a Board of int[][] tiles with
// equals/hashCode, neighbors() as a list of new Boards, and a HashMap of
// Board to depth for each side. It expands the smaller side a whole layer at
// a time and, when a layer meets the other side, prints the shortest
// meeting's length. `slider bench reference` times it against
// `slider solve --algorithm bibfs` on the same files.
//
// Usage: java BiBfs puzzle.txt   (prints the number of moves)

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;

public class BiBfs {
    static final class Board {
        private final int[][] tiles;
        private final int n;
        private final int hash;

        Board(int[][] tiles) {
            this.n = tiles.length;
            this.tiles = new int[n][];
            for (int i = 0; i < n; i++) this.tiles[i] = tiles[i].clone();
            this.hash = Arrays.deepHashCode(this.tiles);
        }

        List<Board> neighbors() {
            int br = 0, bc = 0;
            for (int r = 0; r < n; r++)
                for (int c = 0; c < n; c++)
                    if (tiles[r][c] == 0) { br = r; bc = c; }
            List<Board> out = new ArrayList<>(4);
            int[][] steps = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
            for (int[] s : steps) {
                int r = br + s[0], c = bc + s[1];
                if (r < 0 || r >= n || c < 0 || c >= n) continue;
                int[][] next = new int[n][];
                for (int i = 0; i < n; i++) next[i] = tiles[i].clone();
                next[br][bc] = next[r][c];
                next[r][c] = 0;
                out.add(new Board(next));
            }
            return out;
        }

        @Override
        public boolean equals(Object other) {
            if (this == other) return true;
            if (!(other instanceof Board)) return false;
            return Arrays.deepEquals(tiles, ((Board) other).tiles);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    public static void main(String[] args) throws IOException {
        String[] words = new String(Files.readAllBytes(Paths.get(args[0]))).trim().split("\\s+");
        int n = Integer.parseInt(words[0]);
        int[][] start = new int[n][n];
        int[][] goal = new int[n][n];
        for (int i = 0; i < n * n; i++) {
            start[i / n][i % n] = Integer.parseInt(words[1 + i]);
            goal[i / n][i % n] = (i + 1) % (n * n);
        }
        System.out.println(solve(new Board(start), new Board(goal)));
    }

    static int solve(Board start, Board goal) {
        if (start.equals(goal)) return 0;
        HashMap<Board, Integer> fromStart = new HashMap<>();
        HashMap<Board, Integer> fromGoal = new HashMap<>();
        List<Board> startLayer = new ArrayList<>(List.of(start));
        List<Board> goalLayer = new ArrayList<>(List.of(goal));
        fromStart.put(start, 0);
        fromGoal.put(goal, 0);
        while (!startLayer.isEmpty() && !goalLayer.isEmpty()) {
            boolean forward = startLayer.size() <= goalLayer.size();
            HashMap<Board, Integer> mine = forward ? fromStart : fromGoal;
            HashMap<Board, Integer> theirs = forward ? fromGoal : fromStart;
            List<Board> layer = forward ? startLayer : goalLayer;
            List<Board> next = new ArrayList<>();
            int best = Integer.MAX_VALUE;
            for (Board board : layer) {
                int depth = mine.get(board);
                for (Board child : board.neighbors()) {
                    if (mine.containsKey(child)) continue;
                    Integer other = theirs.get(child);
                    if (other != null) best = Math.min(best, depth + 1 + other);
                    mine.put(child, depth + 1);
                    next.add(child);
                }
            }
            if (best != Integer.MAX_VALUE) return best;
            if (forward) startLayer = next; else goalLayer = next;
        }
        return -1; // unsolvable: one side ran out of boards
    }
}
