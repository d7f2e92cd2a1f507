/*
 * The MinPQ instances of one trial, for the probe: kept (strongly) while a
 * trial measures the queues' memory, and the keys they were given, to
 * check that none changes while it is in a queue (Solver 1).
 *
 * The check calls no student code. When a key has been inserted (after
 * its swim, so that what the insert's own comparisons cached is in it),
 * its state is copied by reflection: the key's own fields, and the fields
 * and array elements of what it reaches, three references deep. When the
 * key leaves the queue, the copy is compared with the key. Nothing the
 * student's code can see differs between a trial whose result is judged
 * and one whose is not: every operation copies the first WATCHED keys
 * inserted, in the same way, and no compareTo() or equals() is called.
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
    /** The keys copied per operation (Solver 1's puzzles need far fewer). */
    static final int WATCHED = 2048;
    /** How far from the key a change is looked for. */
    private static final int DEPTH = 3;
    /** A longer primitive array is compared by its hash. */
    private static final int ELEMENTS = 64;

    private static final Object TOKEN = new Object();
    private static volatile boolean handedOut;
    private static volatile boolean recording;
    private static final List<Object> queues = new ArrayList<>();
    private static final IdentityHashMap<Object, State> keys = new IdentityHashMap<>();
    private static int watched;

    private Instances() { }

    /** The counting MinPQ's token: handed out once, to the class the probe loads first. */
    public static synchronized Object token() {
        if (handedOut) throw new SecurityException("slider probe: the MinPQ token is taken");
        handedOut = true;
        return TOKEN;
    }

    /** A MinPQ was made. */
    public static void created(Object token, Object queue) {
        if (token != TOKEN) return;
        if (recording) synchronized (queues) { queues.add(queue); }
    }

    /** A key is in a MinPQ, in its place. */
    @SuppressWarnings("removal")
    public static void inserted(Object token, Object key) {
        if (token != TOKEN || key == null) return;
        synchronized (keys) {
            if (watched >= WATCHED || keys.containsKey(key)) return;
            watched++;
            // the student's Solver is on the stack: slider's own reflection
            // must not be judged by its (empty) permissions
            State s = java.security.AccessController.doPrivileged(
                (java.security.PrivilegedAction<State>) () -> State.of(key));
            keys.put(key, s);
        }
    }

    /** A key is about to leave a MinPQ. */
    @SuppressWarnings("removal")
    public static void deleting(Object token, Object key) {
        if (token != TOKEN) return;
        State before;
        synchronized (keys) {
            if (keys.isEmpty()) return;
            before = keys.remove(key);
        }
        if (before == null) return;
        String change = java.security.AccessController.doPrivileged(
            (java.security.PrivilegedAction<String>) () -> before.changeIn(key));
        if (change != null) Tally.queueOutOfOrder(change);
    }

    /** A new operation: no key watched yet. */
    static void begin() {
        synchronized (keys) {
            keys.clear();
            watched = 0;
        }
    }

    static void record(boolean on) {
        synchronized (queues) { queues.clear(); }
        recording = on;
    }

    static List<Object> recorded() {
        synchronized (queues) { return new ArrayList<>(queues); }
    }

    /**
     * A key's state: the values of a fixed walk from it (a primitive's
     * value, a reference's identity, a short primitive array's elements, a
     * long one's hash). Objects of the key's own class (other search
     * nodes) and of the JDK are known by identity only: the former are
     * keys of their own, the latter either immutable (String, Integer) or
     * out of reach; so are a Solver and slider's classes (an inner class's
     * enclosing instance is the search, not the key). The walk is made
     * again, naming each value, only to say where a change is.
     */
    static final class State {
        private final List<Object> values = new ArrayList<>();
        /** With `names`, the path of each value (only when saying where a change is). */
        private final List<String> names;

        private State(boolean named) {
            names = named ? new ArrayList<>() : null;
        }

        static State of(Object key) {
            State s = new State(false);
            s.walk(key, key.getClass(), "", 0, new IdentityHashMap<>());
            return s;
        }

        /**
         * The first change from this state in `key`, in words; null: none.
         * Every change counts, a cache filled lazily too: the course's test
         * is that an object added to a MinPQ is not mutated.
         */
        String changeIn(Object key) {
            State now = of(key);
            int n = Math.min(values.size(), now.values.size());
            int at = 0;
            while (at < n && same(values.get(at), now.values.get(at))) at++;
            if (at == n && values.size() == now.values.size()) return null;
            State named = new State(true);
            named.walk(key, key.getClass(), simple(key.getClass()), 0, new IdentityHashMap<>());
            if (at >= n || at >= named.names.size()) {
                return "what " + simple(key.getClass()) + " reaches changed while the key was in the MinPQ";
            }
            Object was = values.get(at), is = now.values.get(at);
            String where = named.names.get(at);
            if (was instanceof Elements && is instanceof Elements) {
                int i = ((Elements) was).differsAt((Elements) is);
                where += "[" + i + "]";
                was = ((Elements) was).get(i);
                is = ((Elements) is).get(i);
            }
            return where + " changed from " + shown(was) + " to " + shown(is) + " while the key was in the MinPQ";
        }

        private static boolean same(Object was, Object is) {
            if (was instanceof Elements) return is instanceof Elements && ((Elements) was).differsAt((Elements) is) < 0;
            return isBox(was) ? was.equals(is) : was == is;
        }

        /** A primitive's value (a student's subclass of Number is an object like any other). */
        private static boolean isBox(Object v) {
            if (v == null) return false;
            Class<?> c = v.getClass();
            return c == Integer.class || c == Long.class || c == Short.class || c == Byte.class
                || c == Character.class || c == Boolean.class || c == Float.class || c == Double.class;
        }

        private void add(String at, Object value) {
            values.add(value);
            if (names != null) names.add(at);
        }

        private String name(String at, String more) {
            return names == null ? "" : at + more;
        }

        private void walk(Object o, Class<?> keyClass, String at, int depth, IdentityHashMap<Object, Boolean> seen) {
            if (seen.put(o, Boolean.TRUE) != null) return;
            Class<?> c = o.getClass();
            if (c.isArray()) {
                array(o, at, depth, keyClass, seen);
                return;
            }
            for (Field f : FIELDS.get(c)) {
                Object v;
                try {
                    v = f.get(o);
                } catch (IllegalAccessException closed) {
                    continue;
                }
                String name = name(at, "." + f.getName());
                add(name, v);
                if (!f.getType().isPrimitive()) follow(v, keyClass, name, depth, seen);
            }
        }

        private void array(Object a, String at, int depth, Class<?> keyClass, IdentityHashMap<Object, Boolean> seen) {
            int length = java.lang.reflect.Array.getLength(a);
            add(name(at, ".length"), length);
            Class<?> e = a.getClass().getComponentType();
            if (e.isPrimitive()) {
                if (length > ELEMENTS) {
                    add(name(at, " (its elements)"), primitiveHash(a));
                } else {
                    // a copy, compared element by element (Elements)
                    add(at, new Elements(a));
                }
                return;
            }
            Object[] elements = (Object[]) a;
            for (int i = 0; i < Math.min(length, ELEMENTS); i++) {
                String name = name(at, "[" + i + "]");
                add(name, elements[i]);
                follow(elements[i], keyClass, name, depth, seen);
            }
        }

        private void follow(Object v, Class<?> keyClass, String at, int depth, IdentityHashMap<Object, Boolean> seen) {
            if (v == null || depth + 1 > DEPTH) return;
            Class<?> c = v.getClass();
            if (c == keyClass || (!c.isArray() && isJdk(c)) || v instanceof Thread) return;
            String name = c.getName();
            if (name.equals("Solver") || name.endsWith(".Solver") || name.startsWith("edu.princeton.cs.algs4.")) return;
            walk(v, keyClass, at, depth + 1, seen);
        }

        /** Each class's instance fields, up its hierarchy to the JDK's, made accessible. */
        private static final ClassValue<Field[]> FIELDS = new ClassValue<Field[]>() {
            @Override
            protected Field[] computeValue(Class<?> c) {
                List<Field> out = new ArrayList<>();
                for (Class<?> k = c; k != null && !isJdk(k); k = k.getSuperclass()) {
                    for (Field f : k.getDeclaredFields()) {
                        if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) continue;
                        try {
                            f.setAccessible(true);
                            out.add(f);
                        } catch (RuntimeException closed) {
                            // not readable: not part of the state
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

        private static int primitiveHash(Object a) {
            if (a instanceof int[]) return java.util.Arrays.hashCode((int[]) a);
            if (a instanceof short[]) return java.util.Arrays.hashCode((short[]) a);
            if (a instanceof byte[]) return java.util.Arrays.hashCode((byte[]) a);
            if (a instanceof char[]) return java.util.Arrays.hashCode((char[]) a);
            if (a instanceof long[]) return java.util.Arrays.hashCode((long[]) a);
            if (a instanceof boolean[]) return java.util.Arrays.hashCode((boolean[]) a);
            if (a instanceof float[]) return java.util.Arrays.hashCode((float[]) a);
            return java.util.Arrays.hashCode((double[]) a);
        }

        /**
         * A copy of a short primitive array's elements (its length is a
         * value of its own, before it): equal when every element is.
         */
        private static final class Elements {
            private final Object copy;
            private final int length;

            Elements(Object array) {
                length = java.lang.reflect.Array.getLength(array);
                Object c = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), length);
                System.arraycopy(array, 0, c, 0, length);
                copy = c;
            }

            /** The first index whose element differs in `other`; -1: none. */
            int differsAt(Elements other) {
                if (copy.getClass() != other.copy.getClass() || length != other.length) return 0;
                if (equal(copy, other.copy)) return -1;
                for (int i = 0; i < length; i++) {
                    if (!get(i).equals(other.get(i))) return i;
                }
                return -1;
            }

            Object get(int i) {
                return i < length ? java.lang.reflect.Array.get(copy, i) : null;
            }

            private static boolean equal(Object a, Object b) {
                if (a instanceof int[]) return java.util.Arrays.equals((int[]) a, (int[]) b);
                if (a instanceof short[]) return java.util.Arrays.equals((short[]) a, (short[]) b);
                if (a instanceof byte[]) return java.util.Arrays.equals((byte[]) a, (byte[]) b);
                if (a instanceof char[]) return java.util.Arrays.equals((char[]) a, (char[]) b);
                if (a instanceof long[]) return java.util.Arrays.equals((long[]) a, (long[]) b);
                if (a instanceof boolean[]) return java.util.Arrays.equals((boolean[]) a, (boolean[]) b);
                // float and double by their bits, as a boxed element's equals() compares them
                if (a instanceof float[]) return java.util.Arrays.equals((float[]) a, (float[]) b);
                return java.util.Arrays.equals((double[]) a, (double[]) b);
            }
        }

        private static String simple(Class<?> c) {
            String name = c.getName();
            return name.substring(name.lastIndexOf('.') + 1);
        }

        private static String shown(Object v) {
            if (v == null) return "null";
            if (isBox(v)) return String.valueOf(v);
            // an object is named by its class only: no student method is called
            return "another " + simple(v.getClass());
        }
    }
}
