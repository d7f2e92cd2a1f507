/*
 * The MinPQ instances of one trial, for the probe: the queues a trial
 * measures the memory of (kept strongly while it does), whether their keys
 * are search nodes, and Solver 1's order audit of the keys they hold.
 *
 * The order audit. A key is judged by its order, as a heap uses it: when
 * one of the first WATCHED keys of an operation is in its place after its
 * insertion, the queue compares it (with its own comparator, or
 * compareTo(), in MinPQ.audit, as the heap compares keys) with a few
 * witnesses then in the queue: its nearest heap ancestors and the root,
 * its children, the last key, and a few others spread over the heap. The
 * signs are kept. When either key of such a pair is about to leave the
 * queue (delMin), the pair is compared again, both still in the queue: a
 * sign that changed is a key whose order changed while it was in the
 * MinPQ, wherever the state that changed it lives (the key, what it
 * reaches, another object, a static). A cache filled on first use that
 * leaves the order as it was passes. Every operation audits its first
 * WATCHED keys the same way, whichever test it serves, so nothing the
 * student's code can observe tells a judged run from the others. The
 * audit is bounded: WATCHED keys, at most WITNESSES comparisons each at
 * insertion and as many again later, pairs dropped after DELETES delMin()s.
 *
 * A search node. The Solver tests run with slider's reference Board, so a
 * key of the search's queue is, or reaches, a reference Board: through
 * the fields of its classes (up to the JDK's) and the elements of arrays,
 * within REACH references (the JDK's objects, a Solver and threads are not
 * followed). The record counts the keys looked at that are and are not
 * (board-keys, other-keys): a Solver none of whose keys reaches a Board
 * searched elsewhere, and its MinPQ is a decoy (queue_not_used).
 *
 * Only the counting MinPQ can announce a queue or a key: it is handed a
 * token once, when the probe loads it before any student class, and
 * every hook ignores a call without it.
 */
package slider.probe;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

public final class Instances {
    /** The keys audited, and looked at for a Board, per operation (Solver 1's puzzles need far fewer). */
    static final int WATCHED = 2048;
    /** The most witnesses a key is compared with. */
    static final int WITNESSES = 10;
    /** After this many delMin()s with pairs open in an operation, the audit stops. */
    static final int DELETES = 1 << 17;
    /** How many references from a key a Board is looked for. */
    private static final int REACH = 3;
    /** The elements of an array looked at for a Board. */
    private static final int ELEMENTS = 64;

    private static final Object TOKEN = new Object();
    private static volatile boolean handedOut;
    /** Guards everything below; no student code runs while it is held. */
    private static final Object LOCK = new Object();

    private static boolean recording;
    private static final List<Object> queues = new ArrayList<>();
    private static final IdentityHashMap<Object, Boolean> recordedQueues = new IdentityHashMap<>();

    private static int watched, deletes;
    private static long boardKeys, otherKeys;
    /** Each key of an open pair, and its pairs. */
    private static final IdentityHashMap<Object, List<Pair>> open = new IdentityHashMap<>();
    /** The first finding: its record fields (null: none). */
    private static List<String> finding;

    private Instances() { }

    /** The counting MinPQ's token: handed out once, to the class the probe loads first. */
    public static synchronized Object token() {
        if (handedOut) throw new SecurityException("slider probe: the MinPQ token is taken");
        handedOut = true;
        return TOKEN;
    }

    /**
     * Comparisons the queue is to make, and hand back the signs of
     * (compared); the queue sees it as an Object, read through count(),
     * left() and right().
     */
    static final class Pairs {
        final Object[] lefts, rights;
        /** The signs when the pairs were first compared; null: this is the first time. */
        final int[] before;
        final Object comparator;

        Pairs(Object[] lefts, Object[] rights, int[] before, Object comparator) {
            this.lefts = lefts;
            this.rights = rights;
            this.before = before;
            this.comparator = comparator;
        }

        int size() { return lefts.length; }
    }

    /** How many comparisons `pairs` asks for. */
    public static int count(Object pairs) {
        return pairs instanceof Pairs ? ((Pairs) pairs).size() : 0;
    }

    /** The left key of comparison i of `pairs`. */
    public static Object left(Object pairs, int i) {
        return ((Pairs) pairs).lefts[i];
    }

    /** The right key of comparison i of `pairs`. */
    public static Object right(Object pairs, int i) {
        return ((Pairs) pairs).rights[i];
    }

    /** Two keys in a queue, compared once with this sign, open until either leaves. */
    private static final class Pair {
        final Object left, right, comparator;
        final int sign;
        boolean closed;

        Pair(Object left, Object right, Object comparator, int sign) {
            this.left = left;
            this.right = right;
            this.comparator = comparator;
            this.sign = sign;
        }
    }

    /** A MinPQ was made. */
    public static void created(Object token, Object queue) {
        if (token != TOKEN) return;
        synchronized (LOCK) {
            if (recording) note(queue);
        }
    }

    /** While counting, the Board counts of this thread are not kept (the audit's comparisons). */
    public static void pause(Object token, boolean on) {
        if (token != TOKEN) return;
        Tally.pause(on);
    }

    /**
     * A key is in a MinPQ, in its place `at` of `heap` (1 to n); the
     * comparisons to make with its witnesses, or null.
     */
    public static Object inserted(Object token, Object queue, Object comparator, Object key, Object[] heap, int n, int at) {
        if (token != TOKEN || key == null) return null;
        synchronized (LOCK) {
            if (recording) note(queue);
            if (watched >= WATCHED) return null;
            watched++;
            if (searchNode(key)) boardKeys++;
            else otherKeys++;
            List<Object> witnesses = new ArrayList<>(WITNESSES);
            int[] places = {at / 2, at / 4, at / 8, 1, 2 * at, 2 * at + 1, n, spread(1, n), spread(2, n), spread(3, n)};
            for (int p : places) {
                if (p < 1 || p > n || p >= heap.length || witnesses.size() == WITNESSES) continue;
                Object w = heap[p];
                if (w == null || w == key || containsIdentity(witnesses, w)) continue;
                witnesses.add(w);
            }
            if (witnesses.isEmpty()) return null;
            Object[] lefts = new Object[witnesses.size()];
            java.util.Arrays.fill(lefts, key);
            return new Pairs(lefts, witnesses.toArray(), null, comparator);
        }
    }

    /** A place of a heap of n keys, spread by the count of keys watched (the same in every run). */
    private static int spread(int salt, int n) {
        long h = (watched * 0x9E3779B97F4A7C15L + salt * 0xBF58476D1CE4E5B9L) >>> 33;
        return 1 + (int) (h % n);
    }

    private static boolean containsIdentity(List<Object> list, Object o) {
        for (Object x : list) if (x == o) return true;
        return false;
    }

    /** A key is about to leave a MinPQ: the open pairs it is in, to compare again, or null. */
    public static Object deleting(Object token, Object key) {
        if (token != TOKEN) return null;
        synchronized (LOCK) {
            if (open.isEmpty()) return null;
            if (++deletes > DELETES) {
                open.clear();
                return null;
            }
            List<Pair> pairs = open.remove(key);
            if (pairs == null) return null;
            List<Pair> live = new ArrayList<>(pairs.size());
            for (Pair p : pairs) {
                if (p.closed) continue;
                p.closed = true;
                live.add(p);
            }
            if (live.isEmpty()) return null;
            Object[] lefts = new Object[live.size()], rights = new Object[live.size()];
            int[] before = new int[live.size()];
            Object comparator = live.get(0).comparator;
            for (int i = 0; i < live.size(); i++) {
                lefts[i] = live.get(i).left;
                rights[i] = live.get(i).right;
                before[i] = live.get(i).sign;
            }
            return new Pairs(lefts, rights, before, comparator);
        }
    }

    /** The signs of `pairs`, as the queue compared them. */
    public static void compared(Object token, Object asked, int[] signs) {
        if (token != TOKEN || !(asked instanceof Pairs)) return;
        Pairs pairs = (Pairs) asked;
        if (signs == null || signs.length != pairs.size()) return;
        synchronized (LOCK) {
            for (int i = 0; i < signs.length; i++) {
                if (pairs.before == null) {
                    Pair p = new Pair(pairs.lefts[i], pairs.rights[i], pairs.comparator, signs[i]);
                    open.computeIfAbsent(p.left, k -> new ArrayList<>(2)).add(p);
                    open.computeIfAbsent(p.right, k -> new ArrayList<>(2)).add(p);
                } else if (signs[i] != pairs.before[i] && finding == null) {
                    finding = new ArrayList<>();
                    finding.add("queue-audit=order");
                    finding.add("queue-audit-key=" + simple(pairs.lefts[i].getClass()));
                    finding.add("queue-audit-other=" + simple(pairs.rights[i].getClass()));
                    finding.add("queue-audit-by=" + (pairs.comparator == null ? "" : simple(pairs.comparator.getClass())));
                    finding.add("queue-audit-before=" + pairs.before[i]);
                    finding.add("queue-audit-after=" + signs[i]);
                }
            }
        }
    }

    /**
     * A comparison of the audit threw: the trial's finding (the exception
     * goes on to the Solver, as one the heap's comparisons threw would).
     * Its message is read here, on the trial's thread, under its limits.
     */
    public static void threw(Object token, Object asked, Throwable t) {
        if (token != TOKEN || !(asked instanceof Pairs) || t == null) return;
        Pairs pairs = (Pairs) asked;
        String message;
        try {
            message = String.valueOf(t.getMessage());
        } catch (Throwable inner) {
            message = "";
        }
        if (message.length() > 300) message = message.substring(0, 300) + "...";
        synchronized (LOCK) {
            if (finding != null) return;
            finding = new ArrayList<>();
            finding.add("queue-audit=threw");
            finding.add("queue-audit-key=" + simple(pairs.lefts[0].getClass()));
            finding.add("queue-audit-by=" + (pairs.comparator == null ? "" : simple(pairs.comparator.getClass())));
            finding.add("queue-audit-threw=" + t.getClass().getName());
            finding.add("queue-audit-message=" + message);
        }
    }

    /** A new operation: no key watched yet. */
    static void begin() {
        synchronized (LOCK) {
            open.clear();
            watched = 0;
            deletes = 0;
            boardKeys = 0;
            otherKeys = 0;
            finding = null;
        }
    }

    /** The audit's record fields: the keys looked at, and the first finding. */
    static List<String> fields() {
        synchronized (LOCK) {
            List<String> out = new ArrayList<>();
            out.add("board-keys=" + boardKeys);
            out.add("other-keys=" + otherKeys);
            if (finding == null) out.add("queue-audit=");
            else out.addAll(finding);
            return out;
        }
    }

    /**
     * Recording on: the queues made from now on, and those a key is
     * inserted into (a queue made before, in a static initializer or an
     * earlier trial, is measured when it is used).
     */
    static void record(boolean on) {
        synchronized (LOCK) {
            queues.clear();
            recordedQueues.clear();
            recording = on;
        }
    }

    static List<Object> recorded() {
        synchronized (LOCK) { return new ArrayList<>(queues); }
    }

    private static void note(Object queue) {
        if (recordedQueues.put(queue, Boolean.TRUE) == null) queues.add(queue);
    }

    // ---- search nodes ---------------------------------------------------

    /** Whether `key` is, or reaches within REACH references, a reference Board. */
    @SuppressWarnings("removal")
    private static boolean searchNode(Object key) {
        Class<?> board = Ops.boardClass;
        if (board == null) return false;
        if (key.getClass() == board) return true;
        // the student's Solver is on the stack: slider's own reflection
        // must not be judged by its (empty) permissions
        return java.security.AccessController.doPrivileged(
            (java.security.PrivilegedAction<Boolean>) () -> reaches(key, board, 0, new IdentityHashMap<>()));
    }

    private static boolean reaches(Object o, Class<?> board, int depth, IdentityHashMap<Object, Boolean> seen) {
        if (o == null) return false;
        Class<?> c = o.getClass();
        if (c == board) return true;
        if (depth == REACH || seen.put(o, Boolean.TRUE) != null) return false;
        if (c.isArray()) {
            if (c.getComponentType().isPrimitive()) return false;
            Object[] elements = (Object[]) o;
            for (int i = 0; i < Math.min(elements.length, ELEMENTS); i++) {
                if (reaches(elements[i], board, depth + 1, seen)) return true;
            }
            return false;
        }
        if (isJdk(c) || o instanceof Thread || isSolver(c)) return false;
        for (Field f : FIELDS.get(c)) {
            Object v;
            try {
                v = f.get(o);
            } catch (IllegalAccessException closed) {
                continue;
            }
            if (reaches(v, board, depth + 1, seen)) return true;
        }
        return false;
    }

    /** A Solver holds its initial Board: what reaches one is not a search node for that. */
    private static boolean isSolver(Class<?> c) {
        String name = c.getName();
        return name.equals("Solver") || name.endsWith(".Solver");
    }

    /** Each class's instance reference fields, up its hierarchy to the JDK's, made accessible. */
    private static final ClassValue<Field[]> FIELDS = new ClassValue<Field[]>() {
        @Override
        protected Field[] computeValue(Class<?> c) {
            List<Field> out = new ArrayList<>();
            for (Class<?> k = c; k != null && !isJdk(k); k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    // an inner class's enclosing instance is the search, not the key
                    if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic() || f.getType().isPrimitive()) continue;
                    try {
                        f.setAccessible(true);
                        out.add(f);
                    } catch (RuntimeException closed) {
                        // not readable: not followed
                    }
                }
            }
            return out.toArray(new Field[0]);
        }
    };

    private static boolean isJdk(Class<?> c) {
        String name = c.getName();
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
            || name.startsWith("sun.") || name.startsWith("com.sun.");
    }

    private static String simple(Class<?> c) {
        String name = c.getName();
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
