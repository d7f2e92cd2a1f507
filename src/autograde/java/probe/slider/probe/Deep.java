/*
 * The deep size of an object: the bytes of every object reachable from it
 * through instance fields and array elements, each as this JVM lays it out
 * (Instrumentation.getObjectSize; slider starts the memory JVMs without
 * compressed references or class pointers, the course's model). Not
 * followed: Class objects, class loaders, running threads, and static
 * fields. No method the student's code can override is called. A
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
        Instrumentation inst = Agent.get();
        if (inst == null) throw new IllegalStateException("slider probe: the size agent is not loaded");
        IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
        ArrayDeque<Object> todo = new ArrayDeque<>();
        long total = 0;
        if (root != null) {
            seen.put(root, true);
            todo.push(root);
        }
        while (!todo.isEmpty()) {
            Object o = todo.pop();
            total += inst.getObjectSize(o);
            if (seen.size() > 20_000_000) throw new IllegalStateException("more than 20,000,000 objects reachable");
            Class<?> c = o.getClass();
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

    private static void follow(Object e, IdentityHashMap<Object, Boolean> seen, ArrayDeque<Object> todo) {
        if (e == null || e instanceof Class || e instanceof ClassLoader) return;
        // a running thread is not data; one never started (or ended) is. No
        // student code on the walk: isAlive() is final, getState() is not.
        if (e instanceof Thread && ((Thread) e).isAlive()) return;
        if (seen.put(e, true) == null) todo.push(e);
    }
}
