/*
 * The probe's operations on the student's classes, one per plan line. Each
 * returns its record's fields (see Probe.java); slider judges them. Every
 * Board and Solver call goes through reflection, so that a missing or
 * misspelt method fails only the tests that use it.
 *
 * Operations (boards as n:t0,t1,...):
 *   value METHOD B          the result of B's METHOD (hamming, manhattan,
 *                           dimension, size, toString, isGoal, isSolvable)
 *   tiles B                 tileAt(i, j) over the board, row by row
 *   neighbors B             the count of B's neighbors, then each's toString
 *   neighbors2 B            each neighbor's toString, its neighbors', then |
 *   twin B                  twin()'s toString
 *   two A B                 for each: toString, hamming, manhattan, size
 *   mutate B                method=value for toString, hamming, manhattan,
 *                           isGoal, before and after the array changed
 *   order B                 method=value, three rounds in different orders
 *   equals A B              a.equals(b), b.equals(a)
 *   laws B                  law=true|false for equals()'s laws
 *   chain B K neighbor|twin SEED   the Kth neighbor (random) or twin:
 *                           toString, size, hamming, manhattan
 *   solve B METHOD          a Solver, then only METHOD: isSolvable, moves
 *                           or solution (count, then each toString; null)
 *   sequence B CALLS        a Solver, then CALLS (comma-separated) in order:
 *                           call=result for each
 *   solve-two A B           two Solvers, then each's moves and solution
 *   solve-null              new Solver(null)
 *   audit B                 a Solver: Tally fields (the equals() counts, the
 *                           keys that are search nodes, and the first key
 *                           whose order changed in a MinPQ: Instances)
 *   board-memory B          the deep size of a new Board, with what the
 *                           student's statics came to hold for it (Deep)
 *   solver-memory B         moves, the deep size of the Solver, the deep size
 *                           of its MinPQs at the end, Tally fields
 *   timing B                moves, cpu-ns of the constructor, Tally fields
 */
package slider.probe;

import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static slider.probe.Calls.*;

final class Ops {
    static String api = "coursera";
    /**
     * Whether the Board is slider's reference (the plan's "board reference"):
     * a solution's boards are then rendered from their tiles, as its
     * toString() renders them, without String.format's cost in every trial.
     */
    static boolean referenceBoard;
    static Class<?> boardClass, solverClass;

    private Ops() { }

    /** A failure of the probe's own making, named for the report. */
    static final class Missing extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Missing(String what) { super(what); }
    }

    /** Made for the equals() laws: no Board can be one. */
    static final class UncastableString {
        @Override
        public String toString() { return "uncastable"; }
    }

    /** Loads the classes before the first trial (loading them runs no student code). */
    static void prepare() {
        // the counting MinPQ takes its token before any student class loads
        try {
            Class.forName("edu.princeton.cs.algs4.MinPQ", true, Ops.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("slider probe: the counting MinPQ does not load", e);
        }
        try {
            boardClass = Class.forName("Board", false, Ops.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            boardClass = null;
        }
        try {
            solverClass = Class.forName("Solver", false, Ops.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            solverClass = null;
        }
    }

    /** Whether the last operation threw an OutOfMemoryError, and one without a stack trace. */
    static boolean outOfMemory, traceless;

    /** The record of one operation, made on the trial's own thread. */
    static List<String> record(String[] w) {
        List<String> out = new ArrayList<>();
        outOfMemory = traceless = false;
        Instances.begin();
        try {
            List<String> fields = run(w);
            out.add("ok");
            out.addAll(fields);
        } catch (Missing m) {
            out.clear();
            out.add("missing");
            out.add(m.getMessage());
        } catch (Throwable t) {
            out.clear();
            threw(t, out);
        }
        return out;
    }

    private static void threw(Throwable t, List<String> out) {
        while ((t instanceof InvocationTargetException || t instanceof ExceptionInInitializerError)
            && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof OutOfMemoryError) {
            outOfMemory = true;
            traceless = t.getStackTrace().length == 0;
        }
        out.add("threw");
        out.add(t.getClass().getName());
        String message;
        try {
            message = String.valueOf(t.getMessage());
        } catch (Throwable inner) {
            message = "(its getMessage() threw " + inner.getClass().getName() + ")";
        }
        if (message.length() > 300) message = message.substring(0, 300) + "...";
        out.add(message);
        // the frames in the student's code, up to slider's probe
        int frames = 0;
        for (StackTraceElement e : t.getStackTrace()) {
            String cls = e.getClassName();
            if (cls.startsWith("slider.probe.")) break;
            if (cls.startsWith("java.") || cls.startsWith("jdk.") || cls.startsWith("sun.")) continue;
            out.add(e.toString());
            if (++frames == 8) break;
        }
    }

    // ---- operations ---------------------------------------------------

    private static List<String> run(String[] w) throws Throwable {
        List<String> out = new ArrayList<>();
        switch (w[1]) {
            case "value": {
                Object b = newBoard(parse(w[3]));
                out.add(w[2].equals("size") || w[2].equals("dimension") ? size(b) : String.valueOf(call(b, w[2])));
                break;
            }
            case "tiles": {
                Object b = newBoard(parse(w[2]));
                int n = parse(w[2]).length;
                Method m = method(b.getClass(), "tileAt", int.class, int.class);
                StringBuilder s = new StringBuilder();
                for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) s.append(invoke(b, m, i, j)).append(' ');
                out.add(s.toString().trim());
                break;
            }
            case "neighbors": {
                List<Object> nbs = iterate(call(newBoard(parse(w[2])), "neighbors"));
                if (nbs == null) {
                    out.add("null");
                    break;
                }
                out.add(String.valueOf(nbs.size()));
                for (Object nb : nbs) out.add(str(nb));
                break;
            }
            case "neighbors2": {
                List<Object> nbs = iterate(call(newBoard(parse(w[2])), "neighbors"));
                if (nbs == null) {
                    out.add("null");
                    break;
                }
                for (Object nb : nbs) {
                    out.add(str(nb));
                    List<Object> next = iterate(call(nb, "neighbors"));
                    if (next == null) out.add("null");
                    else for (Object nn : next) out.add(str(nn));
                    out.add("|");
                }
                break;
            }
            case "twin":
                out.add(str(call(newBoard(parse(w[2])), "twin")));
                break;
            case "two": {
                // each Board's hamming() and manhattan() as soon as it is
                // made, then again once both are alive
                Object a = newBoard(parse(w[2]));
                out.add(String.valueOf(call(a, "hamming")));
                out.add(String.valueOf(call(a, "manhattan")));
                Object b = newBoard(parse(w[3]));
                out.add(String.valueOf(call(b, "hamming")));
                out.add(String.valueOf(call(b, "manhattan")));
                for (Object x : new Object[] {a, b}) {
                    out.add(String.valueOf(call(x, "hamming")));
                    out.add(String.valueOf(call(x, "manhattan")));
                }
                break;
            }
            case "mutate": {
                // the answers before and after the constructor's array changed
                int[][] tiles = parse(w[2]);
                Object b = newBoard(tiles);
                int n = tiles.length;
                for (int round = 0; round < 2; round++) {
                    if (round == 1) {
                        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) tiles[i][j] = (i * n + j + 1) % (n * n);
                        tiles[0][0] = tiles[n - 1][n - 1];
                    }
                    out.add("toString=" + str(b));
                    out.add("hamming=" + call(b, "hamming"));
                    out.add("manhattan=" + call(b, "manhattan"));
                    out.add("isGoal=" + call(b, "isGoal"));
                }
                break;
            }
            case "order": {
                // the same questions in three orders; twin() only where the API has it
                Object b = newBoard(parse(w[2]));
                boolean twin = api.equals("coursera");
                String[][] rounds = {
                    {"toString", "hamming", "manhattan", "size", "isGoal", "twin", "neighbors"},
                    {"neighbors", "twin", "isGoal", "size", "manhattan", "hamming", "toString"},
                    {"twin", "manhattan", "neighbors", "toString", "isGoal", "hamming", "size"},
                };
                for (String[] round : rounds) {
                    for (String m : round) {
                        switch (m) {
                            case "twin": if (twin) out.add("twin=" + str(call(b, "twin"))); break;
                            case "neighbors": out.add("neighbors=" + iterate(call(b, "neighbors")).size()); break;
                            case "size": out.add("size=" + size(b)); break;
                            case "toString": out.add("toString=" + str(b)); break;
                            default: out.add(m + "=" + call(b, m)); break;
                        }
                    }
                }
                break;
            }
            case "equals": {
                Object a = newBoard(parse(w[2]));
                Object b = newBoard(parse(w[3]));
                out.add(String.valueOf(equalsTyped(a, b, false)));
                out.add(String.valueOf(equalsTyped(b, a, false)));
                break;
            }
            case "laws": {
                Object x = newBoard(parse(w[2]));
                Object y = newBoard(parse(w[2]));
                Object z = newBoard(parse(w[2]));
                out.add("reflexive=" + equalsTyped(x, x, false));
                out.add("symmetric=" + (equalsTyped(x, y, false) && equalsTyped(y, x, false)));
                out.add("transitive=" + (!(equalsTyped(x, y, false) && equalsTyped(y, z, false)) || equalsTyped(x, z, false)));
                out.add("null=" + equalsTyped(x, null, true));
                out.add("string=" + equalsTyped(x, "slider", true));
                out.add("uncastable=" + equalsTyped(x, new UncastableString(), true));
                Object asObject = y;
                out.add("object-board=" + equalsTyped(x, asObject, true));
                Object text = "3";
                out.add("object-string=" + equalsTyped(x, text, true));
                break;
            }
            case "chain": {
                Object b = newBoard(parse(w[2]));
                int k = Integer.parseInt(w[3]);
                boolean twin = w[4].equals("twin");
                Random random = new Random(Long.parseLong(w[5]));
                for (int i = 0; i < k; i++) {
                    if (twin) {
                        b = call(b, "twin");
                    } else {
                        List<Object> nbs = iterate(call(b, "neighbors"));
                        b = nbs.get(random.nextInt(nbs.size()));
                    }
                }
                out.add(str(b));
                out.add(size(b));
                out.add(String.valueOf(call(b, "hamming")));
                out.add(String.valueOf(call(b, "manhattan")));
                break;
            }
            case "solve":
                solve(newSolver(newBoard(parse(w[2]))), w[3], out);
                break;
            case "sequence": {
                Object s = newSolver(newBoard(parse(w[2])));
                for (String m : w[3].split(",")) {
                    out.add("=" + m);
                    solve(s, m, out);
                }
                break;
            }
            case "solve-two": {
                Object a = newSolver(newBoard(parse(w[2])));
                Object b = newSolver(newBoard(parse(w[3])));
                for (Object s : new Object[] {a, b}) {
                    solve(s, "moves", out);
                    solve(s, "solution", out);
                    out.add("|");
                }
                break;
            }
            case "solve-null":
                newSolver(null);
                out.add("returned");
                break;
            case "audit": {
                Object b = newBoard(parse(w[2]));
                Tally.reset();
                Object s = newSolver(b);
                int moves = client(s);
                out.addAll(Tally.fields());
                out.add("moves=" + moves);
                break;
            }
            case "board-memory": {
                int[][] tiles = parse(w[2]);
                // a first Board of the size: what the class and its
                // per-size statics hold is not this Board's
                newBoard(tiles);
                java.util.IdentityHashMap<Object, Boolean> before = Deep.reach(Deep.outside());
                long[] size = Deep.charged(newBoard(tiles), before);
                out.add(String.valueOf(size[0] + size[1]));
                break;
            }
            case "solver-memory": {
                // one Solver: its own deep size, and its MinPQs' at the end
                Object b = newBoard(parse(w[2]));
                // what the classes' static initializers make is not this
                // Solver's: they run first (here, under the trial's limits)
                initialize(solverClass);
                java.util.IdentityHashMap<Object, Boolean> before = Deep.reach(Deep.outside());
                Tally.reset();
                Instances.record(true);
                try {
                    Object s = newSolver(b);
                    int moves = client(s);
                    List<String> counts = Tally.fields();
                    Object[] queues = Instances.recorded().toArray();
                    // what statics or thread locals keep beyond the Solver
                    // counts for it, and for its queues
                    long[] size = Deep.charged(s, before);
                    out.add(String.valueOf(moves));
                    out.add(String.valueOf(size[0] + size[1]));
                    out.add(String.valueOf(Deep.sumOfSizes(queues) + size[1]));
                    out.addAll(counts);
                } finally {
                    Instances.record(false);
                }
                break;
            }
            case "timing": {
                int[][] tiles = parse(w[2]);
                Tally.reset();
                Object b = newBoard(tiles);
                java.lang.management.ThreadMXBean clock = ManagementFactory.getThreadMXBean();
                long started = clock.getCurrentThreadCpuTime();
                Object s = newSolver(b);
                int moves = client(s);
                long cpu = clock.getCurrentThreadCpuTime() - started;
                List<String> counts = Tally.fields();
                out.add(String.valueOf(moves));
                out.add("cpu-ns=" + cpu);
                out.addAll(counts);
                break;
            }
            default:
                throw new IllegalArgumentException("slider probe: unknown operation " + w[1]);
        }
        return out;
    }

    /** Initializes `c` and the classes declared in it (a Solver's nodes). */
    private static void initialize(Class<?> c) throws ClassNotFoundException {
        if (c == null) return;
        ClassLoader loader = c.getClassLoader();
        Class.forName(c.getName(), true, loader);
        for (Class<?> inner : c.getDeclaredClasses()) Class.forName(inner.getName(), true, loader);
    }

    /**
     * What the course's client asks of a Solver once made: isSolvable()
     * (Coursera's API; Princeton's Solver has none), moves(), and every
     * board of solution(). A measurement (CPU time,
     * counts, the queue audit, memory) covers the constructor and these,
     * so that work put off until the first of them is measured too.
     * Returns moves().
     */
    private static int client(Object solver) throws Throwable {
        if (!api.equals("princeton")) call(solver, "isSolvable");
        Object moves = call(solver, "moves");
        Object path = call(solver, "solution");
        if (path != null) iterate(path);
        return moves instanceof Integer ? (Integer) moves : Integer.MIN_VALUE;
    }

    /** One Solver method's result: isSolvable, moves, or the solution. */
    private static void solve(Object solver, String which, List<String> out) throws Throwable {
        if (which.equals("solution")) {
            List<Object> boards = iterate(call(solver, "solution"));
            if (boards == null) {
                out.add("null");
            } else {
                out.add(String.valueOf(boards.size()));
                for (Object b : boards) out.add(shown(b));
            }
        } else {
            out.add(String.valueOf(call(solver, which)));
        }
    }
}
