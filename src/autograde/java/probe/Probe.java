/*
 * slider's autograder probe. It runs inside the JVM that holds a student's
 * Board and Solver, performs the operations of a plan file on them through
 * reflection (so that a missing or misspelt method fails only the tests
 * that need it), and reports raw results to slider over file descriptor 3,
 * a pipe the student's code has no way to reach: a security policy gives
 * the student's classes no permission at all (no files, no exit, no exec,
 * no changing System.out), and what they print goes to the ordinary
 * standard output, which slider reads apart. slider judges every result
 * against its own Rust reference; nothing here decides a verdict.
 *
 * Plan lines (space-separated; boards as n:t0,t1,...):
 *   api coursera|princeton       which spec variant's method names to call
 *   student DIR                  the folder of the student's classes
 *   trial-ms MS                  the wall time one operation may take
 *   trial-cpu-ms MS              and its CPU time (when given)
 *   ID OP ARGS...                one operation
 * Records on descriptor 3 (tab-separated, fields escaped \\ \n \t):
 *   hello | ID ok FIELD... | ID threw CLASS MESSAGE | ID timeout | done
 */

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.AllPermission;
import java.security.CodeSource;
import java.security.Permission;
import java.security.PermissionCollection;
import java.security.Permissions;
import java.security.Policy;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

public final class Probe {
    private static PrintStream channel;
    private static String api = "coursera";
    private static long trialMillis = 10_000;
    /** When positive, a trial also ends once its thread used this much CPU. */
    private static long trialCpuMillis;
    private static Class<?> boardClass;
    private static volatile boolean exiting;

    private Probe() { }

    /** A failure of the probe's own making, named for the report. */
    static final class Missing extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Missing(String what) { super(what); }
    }

    public static void main(String[] args) throws Exception {
        Path fd = Paths.get("/proc/self/fd/3");
        String target = Files.isSymbolicLink(fd) ? Files.readSymbolicLink(fd).toString() : "";
        if (!target.startsWith("pipe:")) {
            System.err.println("slider probe: descriptor 3 is not slider's pipe (" + target + ")");
            Runtime.getRuntime().halt(70);
        }
        // Descriptor 3 itself, not a reopening of it (which another uid may
        // not do): the JVM is started with java.io opened for this.
        FileDescriptor descriptor = new FileDescriptor();
        Field number = FileDescriptor.class.getDeclaredField("fd");
        number.setAccessible(true);
        number.setInt(descriptor, 3);
        channel = new PrintStream(new BufferedOutputStream(new FileOutputStream(descriptor), 1 << 16),
            false, StandardCharsets.UTF_8);
        List<String> plan = Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8);
        String student = null;
        for (String line : plan) {
            String[] w = line.split(" ");
            if (w[0].equals("api")) api = w[1];
            else if (w[0].equals("trial-ms")) trialMillis = Long.parseLong(w[1]);
            else if (w[0].equals("trial-cpu-ms")) trialCpuMillis = Long.parseLong(w[1]);
            else if (w[0].equals("student")) student = w[1];
        }
        if (student == null) {
            System.err.println("slider probe: the plan names no student folder");
            Runtime.getRuntime().halt(70);
        }
        // The form class loaders give a folder's code source: file:/x/y/
        guard(new java.io.File(student).getAbsoluteFile().toURI().toURL().toString());
        emit("hello");
        channel.flush();
        for (String line : plan) {
            String[] w = line.split(" ");
            if (w.length < 2 || !Character.isDigit(w[0].charAt(0))) continue;
            if (!trial(w)) {
                channel.flush();
                exiting = true;
                Runtime.getRuntime().halt(0);
            }
            channel.flush();
        }
        emit("done");
        channel.flush();
        // Threads the student left running must not keep the JVM alive.
        exiting = true;
        Runtime.getRuntime().halt(0);
    }

    /** Classes loaded from the student's folder get no permission. */
    @SuppressWarnings("removal")
    private static void guard(String studentUri) {
        Policy.setPolicy(new Policy() {
            private boolean isStudent(CodeSource source) {
                return source != null && source.getLocation() != null
                    && source.getLocation().toString().startsWith(studentUri);
            }

            @Override
            public PermissionCollection getPermissions(CodeSource source) {
                Permissions granted = new Permissions();
                if (!isStudent(source)) granted.add(new AllPermission());
                return granted;
            }

            @Override
            public boolean implies(ProtectionDomain domain, Permission permission) {
                return !isStudent(domain.getCodeSource());
            }
        });
        // exitVM is granted to every class-path class by its class loader,
        // whatever the policy says: refuse it here unless the probe exits.
        System.setSecurityManager(new SecurityManager() {
            @Override
            public void checkExit(int status) {
                if (!exiting) throw new SecurityException("System.exit(" + status + ") is not allowed in graded code");
            }
        });
    }

    private static void emit(String... fields) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) s.append('\t');
            String f = fields[i];
            for (int k = 0; k < f.length(); k++) {
                char c = f.charAt(k);
                if (c == '\\') s.append("\\\\");
                else if (c == '\n') s.append("\\n");
                else if (c == '\t') s.append("\\t");
                else if (c == '\r') s.append("\\r");
                else s.append(c);
            }
        }
        channel.print(s.append('\n'));
    }

    /** The time every garbage collector has spent so far, in nanoseconds. */
    private static long gcNanos() {
        long millis = 0;
        for (java.lang.management.GarbageCollectorMXBean gc : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            millis += Math.max(0, gc.getCollectionTime());
        }
        return millis * 1_000_000L;
    }

    /** Runs one operation on a thread of its own; false when it timed out. */
    private static boolean trial(String[] w) throws InterruptedException {
        Object[] result = new Object[1];
        Thread worker = new Thread(null, () -> {
            try {
                result[0] = run(w);
            } catch (Throwable t) {
                result[0] = t;
            }
        }, "slider-probe-trial", 8L << 20);
        worker.setDaemon(true);
        worker.start();
        // Wall time ends a hang; CPU time (when asked) ends a slow trial
        // whatever the machine's load.
        java.lang.management.ThreadMXBean clock = java.lang.management.ManagementFactory.getThreadMXBean();
        long deadline = System.nanoTime() + trialMillis * 1_000_000L;
        long gcBefore = gcNanos();
        long limit = trialCpuMillis * 1_000_000L;
        boolean cpuSpent = false;
        long threadNanos = 0, gcSpent = 0;
        while (worker.isAlive() && System.nanoTime() < deadline) {
            worker.join(20);
            // Past the limit in its own thread, the trial has failed. The
            // collector's time counts too, with three times the room: a
            // Solver that fills the heap would otherwise spend minutes
            // collecting while its own thread's clock stands still.
            threadNanos = clock.getThreadCpuTime(worker.getId());
            gcSpent = gcNanos() - gcBefore;
            if (limit > 0 && (threadNanos > limit || threadNanos + gcSpent > 3 * limit)) {
                cpuSpent = true;
                break;
            }
        }
        if (worker.isAlive()) {
            if (cpuSpent) emit(w[0], "cpu-limit", String.valueOf(threadNanos / 1_000_000L), String.valueOf(gcSpent / 1_000_000L));
            else emit(w[0], "timeout");
            return false;
        }
        Object r = result[0];
        if (r instanceof Throwable) {
            Throwable t = (Throwable) r;
            while ((t instanceof InvocationTargetException || t instanceof ExceptionInInitializerError)
                && t.getCause() != null) {
                t = t.getCause();
            }
            String message = String.valueOf(t.getMessage());
            if (message.length() > 300) message = message.substring(0, 300) + "...";
            emit(w[0], t instanceof Missing ? "missing" : "threw", t.getClass().getName(), message);
        } else {
            @SuppressWarnings("unchecked")
            List<String> fields = (List<String>) r;
            fields.add(0, "ok");
            fields.add(0, w[0]);
            emit(fields.toArray(new String[0]));
        }
        return true;
    }

    // ---- reflection ---------------------------------------------------

    private static Class<?> board() throws ClassNotFoundException {
        if (boardClass == null) boardClass = Class.forName("Board");
        return boardClass;
    }

    private static Object invoke(Object target, Method m, Object... args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static Object construct(Constructor<?> c, Object... args) throws Throwable {
        try {
            return c.newInstance(args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static Method method(Class<?> c, String name, Class<?>... params) {
        try {
            return c.getMethod(name, params);
        } catch (NoSuchMethodException e) {
            StringBuilder sig = new StringBuilder(c.getName()).append('.').append(name).append('(');
            for (int i = 0; i < params.length; i++) sig.append(i > 0 ? ", " : "").append(params[i].getSimpleName());
            throw new Missing(sig.append(')').toString());
        }
    }

    private static Object call(Object target, String name) throws Throwable {
        return invoke(target, method(target.getClass(), name));
    }

    private static Object newBoard(int[][] tiles) throws Throwable {
        Constructor<?> c;
        try {
            c = board().getConstructor(int[][].class);
        } catch (NoSuchMethodException e) {
            throw new Missing("Board(int[][])");
        }
        return construct(c, (Object) tiles);
    }

    private static Object newSolver(Object board) throws Throwable {
        Class<?> solver = Class.forName("Solver");
        Constructor<?> c;
        try {
            c = solver.getConstructor(board());
        } catch (NoSuchMethodException e) {
            throw new Missing("Solver(Board)");
        }
        return construct(c, board);
    }

    static int[][] parse(String text) {
        int colon = text.indexOf(':');
        int n = Integer.parseInt(text.substring(0, colon));
        String[] t = text.substring(colon + 1).split(",");
        int[][] tiles = new int[n][n];
        for (int i = 0; i < n * n; i++) tiles[i / n][i % n] = Integer.parseInt(t[i]);
        return tiles;
    }

    private static String str(Object board) throws Throwable {
        return String.valueOf(call(board, "toString"));
    }

    private static String size(Object board) throws Throwable {
        return String.valueOf(call(board, api.equals("princeton") ? "size" : "dimension"));
    }

    private static List<Object> iterate(Object iterable) {
        List<Object> out = new ArrayList<>();
        if (iterable == null) return null;
        Iterator<?> it = ((Iterable<?>) iterable).iterator();
        while (it.hasNext()) {
            out.add(it.next());
            if (out.size() > 100_000) throw new IllegalStateException("more than 100000 items");
        }
        return out;
    }

    /** equals as a caller with these static types would call it. */
    private static boolean equalsTyped(Object a, Object b, boolean asObject) throws Throwable {
        Method m = null;
        if (!asObject && b != null) {
            try {
                m = a.getClass().getMethod("equals", b.getClass());
            } catch (NoSuchMethodException e) {
                m = null;
            }
        }
        if (m == null) m = a.getClass().getMethod("equals", Object.class);
        return (Boolean) invoke(a, m, b);
    }

    // ---- operations ---------------------------------------------------

    private static List<String> run(String[] w) throws Throwable {
        List<String> out = new ArrayList<>();
        String op = w[1];
        switch (op) {
            case "hamming":
            case "manhattan":
            case "toString":
            case "isGoal":
            case "isSolvable":
                out.add(String.valueOf(call(newBoard(parse(w[2])), op)));
                break;
            case "size":
                out.add(size(newBoard(parse(w[2]))));
                break;
            case "tileAt": {
                Object b = newBoard(parse(w[2]));
                int n = parse(w[2]).length;
                Method m = method(b.getClass(), "tileAt", int.class, int.class);
                StringBuilder s = new StringBuilder();
                for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) s.append(invoke(b, m, i, j)).append(' ');
                out.add(s.toString().trim());
                break;
            }
            case "neighbors": {
                for (Object nb : iterate(call(newBoard(parse(w[2])), "neighbors"))) out.add(str(nb));
                break;
            }
            case "neighbors2": {
                // each neighbor, then its own neighbors, closed by "|"
                for (Object nb : iterate(call(newBoard(parse(w[2])), "neighbors"))) {
                    out.add(str(nb));
                    for (Object nn : iterate(call(nb, "neighbors"))) out.add(str(nn));
                    out.add("|");
                }
                break;
            }
            case "twin":
                out.add(str(call(newBoard(parse(w[2])), "twin")));
                break;
            case "two": {
                Object a = newBoard(parse(w[2]));
                Object b = newBoard(parse(w[3]));
                for (Object x : new Object[] {a, b}) {
                    out.add(str(x));
                    out.add(String.valueOf(call(x, "hamming")));
                    out.add(String.valueOf(call(x, "manhattan")));
                    out.add(size(x));
                }
                break;
            }
            case "mutate": {
                int[][] tiles = parse(w[2]);
                Object b = newBoard(tiles);
                for (int[] row : tiles) java.util.Arrays.fill(row, 0);
                tiles[0][0] = 1;
                out.add(str(b));
                out.add(String.valueOf(call(b, "hamming")));
                out.add(String.valueOf(call(b, "manhattan")));
                break;
            }
            case "order": {
                // the same questions twice, in two orders
                Object b = newBoard(parse(w[2]));
                boolean twin = api.equals("coursera");
                for (int round = 0; round < 2; round++) {
                    if (round == 1) call(b, "neighbors");
                    if (twin) out.add(str(call(b, "twin")));
                    out.add(String.valueOf(call(b, "manhattan")));
                    out.add(String.valueOf(call(b, "hamming")));
                    out.add(str(b));
                    out.add(String.valueOf(call(b, "isGoal")));
                    if (twin && round == 0) out.add(str(call(b, "twin")));
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
                int[][] t = parse(w[2]);
                Object x = newBoard(t);
                Object y = newBoard(parse(w[2]));
                Object z = newBoard(parse(w[2]));
                out.add("reflexive=" + equalsTyped(x, x, false));
                out.add("symmetric=" + (equalsTyped(x, y, false) && equalsTyped(y, x, false)));
                out.add("transitive=" + (!(equalsTyped(x, y, false) && equalsTyped(y, z, false))
                    || equalsTyped(x, z, false)));
                out.add("null=" + equalsTyped(x, null, true));
                out.add("string=" + equalsTyped(x, "slider", true));
                Object asObject = y;
                out.add("object=" + equalsTyped(x, asObject, true));
                break;
            }
            case "chain": {
                // K steps, each to the last neighbor (or the twin) of the one before
                Object b = newBoard(parse(w[2]));
                int k = Integer.parseInt(w[3]);
                boolean twin = w[4].equals("twin");
                for (int i = 0; i < k; i++) {
                    if (twin) {
                        b = call(b, "twin");
                    } else {
                        List<Object> nbs = iterate(call(b, "neighbors"));
                        b = nbs.get(nbs.size() - 1);
                    }
                }
                out.add(str(b));
                out.add(size(b));
                out.add(String.valueOf(call(b, "hamming")));
                out.add(String.valueOf(call(b, "manhattan")));
                break;
            }
            case "solve":
                // only the methods the test grades: a fault elsewhere must not fail it
                solve(newSolver(newBoard(parse(w[2]))), out, w.length > 3 ? w[3] : "all");
                break;
            case "solve-order": {
                // solution() first, then moves() and isSolvable(); then the usual order
                Object s = newSolver(newBoard(parse(w[2])));
                List<String> path = new ArrayList<>();
                path(call(s, "solution"), path);
                String moves = String.valueOf(call(s, "moves"));
                out.add(api.equals("coursera") ? String.valueOf(call(s, "isSolvable")) : "-");
                out.add(moves);
                out.addAll(path);
                out.add("|");
                solve(s, out, "all");
                break;
            }
            case "solve-two": {
                Object a = newSolver(newBoard(parse(w[2])));
                Object b = newSolver(newBoard(parse(w[3])));
                solve(a, out, "all");
                out.add("|");
                solve(b, out, "all");
                break;
            }
            case "solve-null":
                newSolver(null);
                out.add("returned");
                break;
            case "solve-audit": {
                // with slider's reference Board and checking MinPQ in place
                Class<?> pq = Class.forName("edu.princeton.cs.algs4.MinPQ");
                pq.getField("audit").setBoolean(null, true);
                Class<?> b = board();
                b.getMethod("resetCounts").invoke(null);
                Object s = newSolver(newBoard(parse(w[2])));
                out.add(String.valueOf(call(s, "moves")));
                out.add("equals=" + b.getField("equalsCalls").getLong(null));
                out.add("notBoard=" + b.getField("equalsNotBoard").getLong(null));
                out.add("notGrandparent=" + b.getField("equalsNotGrandparent").getLong(null));
                out.add("audit=" + pq.getField("auditFailure").get(null));
                break;
            }
            case "board-memory": {
                // after construction, then after every method has been called once
                Object b = newBoard(parse(w[2]));
                out.add(String.valueOf(deepSize(b)));
                call(b, "hamming");
                call(b, "manhattan");
                call(b, "isGoal");
                str(b);
                iterate(call(b, "neighbors"));
                if (api.equals("coursera")) call(b, "twin");
                equalsTyped(b, b, true);
                out.add(String.valueOf(deepSize(b)));
                break;
            }
            case "solver-memory":
                out.add(String.valueOf(deepSize(newSolver(newBoard(parse(w[2]))))));
                break;
            case "timing": {
                // the student's Solver with slider's counting Board and MinPQ
                Class<?> pq = Class.forName("edu.princeton.cs.algs4.MinPQ");
                Class<?> b = board();
                Object initial = newBoard(parse(w[2]));
                pq.getField("audit").setBoolean(null, false);
                for (String f : new String[] {"inserts", "deletes", "maxSize"}) pq.getField(f).setLong(null, 0);
                b.getMethod("resetCounts").invoke(null);
                java.lang.management.ThreadMXBean clock = java.lang.management.ManagementFactory.getThreadMXBean();
                long started = clock.getCurrentThreadCpuTime();
                Object s = newSolver(initial);
                long cpu = clock.getCurrentThreadCpuTime() - started;
                out.add(String.valueOf(call(s, "moves")));
                out.add("cpuNanos=" + cpu);
                for (String f : new String[] {"inserts", "deletes", "maxSize"}) {
                    out.add(f + "=" + pq.getField(f).getLong(null));
                }
                for (String f : new String[] {"constructed", "equalsCalls", "hammingCalls", "manhattanCalls", "toStringCalls"}) {
                    out.add(f + "=" + b.getField(f).getLong(null));
                }
                break;
            }
            default:
                throw new IllegalArgumentException("slider probe: unknown operation " + op);
        }
        return out;
    }

    /**
     * The bytes of every object reachable from {@code root} through instance
     * fields and array elements, each as this JVM lays it out. Class
     * objects, class loaders and threads are not followed; a field the
     * module system keeps closed counts its holder's own size only.
     */
    private static long deepSize(Object root) throws Exception {
        Object agent = Class.forName("SliderAgent").getField("instrumentation").get(null);
        if (agent == null) throw new IllegalStateException("slider probe: the size agent is not loaded");
        java.lang.instrument.Instrumentation inst = (java.lang.instrument.Instrumentation) agent;
        java.util.IdentityHashMap<Object, Boolean> seen = new java.util.IdentityHashMap<>();
        java.util.ArrayDeque<Object> todo = new java.util.ArrayDeque<>();
        long total = 0;
        if (root != null) {
            seen.put(root, true);
            todo.push(root);
        }
        while (!todo.isEmpty()) {
            Object o = todo.pop();
            total += inst.getObjectSize(o);
            if (seen.size() > 2_000_000) throw new IllegalStateException("more than 2,000,000 objects reachable");
            Class<?> c = o.getClass();
            List<Object> next = new ArrayList<>();
            if (c.isArray()) {
                if (!c.getComponentType().isPrimitive()) for (Object e : (Object[]) o) next.add(e);
            } else {
                for (Class<?> k = c; k != null; k = k.getSuperclass()) {
                    for (Field f : k.getDeclaredFields()) {
                        if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) continue;
                        try {
                            f.setAccessible(true);
                        } catch (RuntimeException closed) {
                            continue;
                        }
                        next.add(f.get(o));
                    }
                }
            }
            for (Object e : next) {
                if (e == null || e instanceof Class || e instanceof ClassLoader || e instanceof Thread) continue;
                if (seen.put(e, true) == null) todo.push(e);
            }
        }
        return total;
    }

    private static void path(Object solution, List<String> out) throws Throwable {
        List<Object> boards = iterate(solution);
        if (boards == null) {
            out.add("null");
        } else {
            out.add(String.valueOf(boards.size()));
            for (Object b : boards) out.add(str(b));
        }
    }

    /**
     * isSolvable (Coursera only), moves, then the solution; "-" for a method
     * not called. {@code which}: isSolvable, moves, solution or all.
     */
    private static void solve(Object solver, List<String> out, String which) throws Throwable {
        boolean all = which.equals("all");
        boolean solvable = api.equals("coursera") && (all || which.equals("isSolvable"));
        out.add(solvable ? String.valueOf(call(solver, "isSolvable")) : "-");
        out.add(all || which.equals("moves") ? String.valueOf(call(solver, "moves")) : "-");
        if (all || which.equals("solution")) path(call(solver, "solution"), out);
    }
}
