/*
 * The deep size of an object: the bytes of every object reachable from it
 * through instance fields and array elements, each as this JVM lays it out
 * (Instrumentation.getObjectSize; slider starts the memory JVMs without
 * compressed references or class pointers, the course's model), arrays as
 * the course's model lays them out (arrayBytes). Not
 * followed: Class objects, class loaders and running threads; what the
 * student's static fields and thread locals hold is charged by difference
 * (outside()). No method the student's code can override is called. A
 * field the module system keeps closed counts its holder's own size only.
 * An array's elements are followed, and every reference field of every
 * class up the hierarchy, whatever its type, so that what a Board or a
 * Solver keeps behind a wrapper (an AtomicReference, a list, a map) counts.
 */
package slider.probe;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.IdentityHashMap;

final class Deep {
    /** Each class's reference fields, up its hierarchy, made accessible. */
    private static final java.util.Map<Class<?>, Field[]> FIELDS = new java.util.HashMap<>();

    private Deep() { }

    private static Field[] fields(Class<?> c) {
        Field[] known = FIELDS.get(c);
        if (known != null) return known;
        java.util.List<Field> out = new java.util.ArrayList<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) continue;
                try {
                    f.setAccessible(true);
                    out.add(f);
                } catch (RuntimeException closed) {
                    // a closed JDK field: its holder's own size only
                }
            }
        }
        known = out.toArray(new Field[0]);
        FIELDS.put(c, known);
        return known;
    }

    /**
     * The sum of each root's own deep size: an object reachable from two
     * roots counts in both, as the course counts its MinPQs' deep memory
     * (a Solver whose search nodes are inner classes reaches itself, and
     * so both its queues, from either queue: the course's figure is twice
     * the Solver's, docs/AUTOGRADER.md).
     */
    static long sumOfSizes(Object[] roots) {
        long total = 0;
        for (Object root : roots) total += size(root);
        return total;
    }

    static long size(Object root) {
        return walk(new Object[] {root}, new IdentityHashMap<>(), NONE);
    }

    private static final java.util.List<IdentityHashMap<Object, Boolean>> NONE = java.util.List.of();

    /** Everything reachable from `roots`. */
    static IdentityHashMap<Object, Boolean> reach(Object[] roots) {
        IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
        walk(roots, seen, NONE);
        return seen;
    }

    /**
     * The deep size of `made`, and what the student's statics and thread
     * locals (outside()) reach now that they did not reach in `before`
     * (taken before `made` was) and that `made` does not reach itself:
     * memory kept for it where its fields do not show it. Returns
     * {its own deep size, the rest}.
     */
    static long[] charged(Object made, IdentityHashMap<Object, Boolean> before) {
        IdentityHashMap<Object, Boolean> own = new IdentityHashMap<>();
        long size = walk(new Object[] {made}, own, NONE);
        long hidden = walk(outside(), new IdentityHashMap<>(), java.util.List.of(before, own));
        return new long[] {size, hidden};
    }

    /**
     * The bytes of everything reachable from any of `roots`, each object
     * once, but those in one of `notCounted` (followed all the same). An
     * NIO buffer off the heap counts its capacity too. `seen` gets what
     * was reached.
     */
    private static long walk(Object[] roots, IdentityHashMap<Object, Boolean> seen,
                             java.util.List<IdentityHashMap<Object, Boolean>> notCounted) {
        Instrumentation inst = Agent.get();
        if (inst == null) throw new IllegalStateException("slider probe: the size agent is not loaded");
        ArrayDeque<Object> todo = new ArrayDeque<>();
        long total = 0;
        for (Object root : roots) follow(root, seen, todo);
        while (!todo.isEmpty()) {
            Object o = todo.pop();
            if (seen.size() > 20_000_000) throw new IllegalStateException("more than 20,000,000 objects reachable");
            boolean counted = true;
            for (IdentityHashMap<Object, Boolean> set : notCounted) if (set.containsKey(o)) counted = false;
            Class<?> c = o.getClass();
            if (counted) {
                total += c.isArray() ? arrayBytes(o, c) : inst.getObjectSize(o);
                // a direct buffer's memory is outside the heap (Buffer's
                // methods are the JDK's: no subclass of the student's exists)
                if (o instanceof java.nio.Buffer && ((java.nio.Buffer) o).isDirect()) {
                    total += (long) ((java.nio.Buffer) o).capacity() * elementBytes((java.nio.Buffer) o);
                }
            }
            if (c.isArray()) {
                if (!c.getComponentType().isPrimitive()) {
                    for (Object e : (Object[]) o) follow(e, seen, todo);
                }
                continue;
            }
            for (Field f : fields(c)) {
                try {
                    follow(f.get(o), seen, todo);
                } catch (IllegalAccessException closed) {
                    // cannot happen: the field was made accessible
                }
            }
        }
        return total;
    }

    /**
     * An array's bytes in the course's model, on every JDK: a 24-byte
     * header (mark, class pointer, length, padded to 8 bytes), then its
     * elements, rounded up to 8 bytes. From JDK 22 on (JDK-8139457) an
     * int[] starts at byte 20 when class pointers are not compressed, and
     * getObjectSize says 8 bytes less for an odd length: not the course's
     * figure (its 3x3 reference Board, 192 bytes, would measure 168).
     */
    private static long arrayBytes(Object array, Class<?> c) {
        Class<?> e = c.getComponentType();
        long each;
        if (!e.isPrimitive() || e == long.class || e == double.class) each = 8;
        else if (e == int.class || e == float.class) each = 4;
        else if (e == short.class || e == char.class) each = 2;
        else each = 1;
        long bytes = 24 + each * java.lang.reflect.Array.getLength(array);
        return (bytes + 7) & ~7L;
    }

    private static int elementBytes(java.nio.Buffer b) {
        if (b instanceof java.nio.ByteBuffer) return 1;
        if (b instanceof java.nio.CharBuffer || b instanceof java.nio.ShortBuffer) return 2;
        if (b instanceof java.nio.IntBuffer || b instanceof java.nio.FloatBuffer) return 4;
        return 8;
    }

    /**
     * What the student's code keeps outside its objects' fields: the
     * static fields of its classes (those already initialized: reading
     * one never runs a static initializer) and the worker thread's
     * thread-local maps. A Board or a Solver is charged what these reach
     * after it was made and not before (a static WeakHashMap keyed by
     * boards, a ThreadLocal, a static cache).
     */
    static Object[] outside() {
        Instrumentation inst = Agent.get();
        java.util.List<Object> out = new java.util.ArrayList<>();
        ClassLoader student = Deep.class.getClassLoader();
        // the JDK's own Unsafe (the memory JVM exports it to slider's
        // classes): sun.misc.Unsafe has no shouldBeInitialized from JDK 22
        // on, and warns on the first use of its field access from JDK 24
        jdk.internal.misc.Unsafe unsafe = jdk.internal.misc.Unsafe.getUnsafe();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getClassLoader() != student || c.isArray() || c.isPrimitive()) continue;
            String name = c.getName();
            if (name.startsWith("slider.") || name.startsWith("edu.princeton.cs.algs4.")) continue;
            if (unsafe.shouldBeInitialized(c)) continue;
            Field[] declared;
            try {
                declared = c.getDeclaredFields();
            } catch (LinkageError unloadable) {
                continue;
            }
            for (Field f : declared) {
                if (!Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) continue;
                // read through Unsafe: Field.get would initialize the class
                out.add(unsafe.getReference(unsafe.staticFieldBase(f), unsafe.staticFieldOffset(f)));
            }
        }
        Thread worker = Thread.currentThread();
        for (String local : new String[] {"threadLocals", "inheritableThreadLocals"}) {
            try {
                Field f = Thread.class.getDeclaredField(local);
                f.setAccessible(true);
                out.add(f.get(worker));
            } catch (ReflectiveOperationException | RuntimeException closed) {
                // not this JDK's layout: nothing to add
            }
        }
        return out.toArray();
    }

    private static void follow(Object e, IdentityHashMap<Object, Boolean> seen, ArrayDeque<Object> todo) {
        if (e == null || e instanceof Class || e instanceof ClassLoader) return;
        // a running thread is not data; one never started (or ended) is. No
        // student code on the walk: isAlive() is final, getState() is not.
        if (e instanceof Thread && ((Thread) e).isAlive()) return;
        if (seen.put(e, true) == null) todo.push(e);
    }
}
