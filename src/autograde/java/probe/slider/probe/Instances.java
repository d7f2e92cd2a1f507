/*
 * The MinPQ instances of one trial, for the probe: kept (strongly) while a
 * trial measures the queues' memory, and audited on every delMin() while a
 * trial checks that no key changes once in a queue. Both hooks return
 * nothing, so a caller learns nothing from them; whether they act is set by
 * the probe alone, and neither can take a queue off the record (the
 * MinPQ's iterator works on a copy that is never announced).
 */
package slider.probe;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

public final class Instances {
    private static volatile boolean recording, auditing;
    private static final List<Object> queues = new ArrayList<>();

    private Instances() { }

    /** A MinPQ was made. */
    public static void created(Object queue) {
        if (recording && isQueue(queue)) synchronized (queues) { queues.add(queue); }
    }

    /** A MinPQ is about to give up its minimum. */
    @SuppressWarnings("removal")
    public static void deleting(Object queue) {
        if (auditing && isQueue(queue)) {
            // the student's Solver is on the stack: slider's own reflection
            // must not be judged by its (empty) permissions
            java.security.AccessController.doPrivileged((java.security.PrivilegedAction<Void>) () -> {
                audit(queue);
                return null;
            });
        }
    }

    private static boolean isQueue(Object queue) {
        return queue != null && queue.getClass().getName().equals("edu.princeton.cs.algs4.MinPQ");
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void audit(Object queue) {
        try {
            Class<?> c = queue.getClass();
            Field pqField = c.getDeclaredField("pq");
            Field nField = c.getDeclaredField("n");
            Field cmpField = c.getDeclaredField("comparator");
            pqField.setAccessible(true);
            nField.setAccessible(true);
            cmpField.setAccessible(true);
            Object[] pq = (Object[]) pqField.get(queue);
            int n = nField.getInt(queue);
            Comparator cmp = (Comparator) cmpField.get(queue);
            for (int k = 2; k <= n; k++) {
                int order = cmp == null ? ((Comparable) pq[k / 2]).compareTo(pq[k]) : cmp.compare(pq[k / 2], pq[k]);
                if (order > 0) {
                    Tally.queueOutOfOrder("a key in the MinPQ became smaller than its parent after it was inserted");
                    return;
                }
            }
        } catch (ReflectiveOperationException e) {
            Tally.queueOutOfOrder("slider could not audit the MinPQ: " + e);
        }
    }

    static void record(boolean on) {
        synchronized (queues) { queues.clear(); }
        recording = on;
    }

    static void audit(boolean on) {
        auditing = on;
    }

    static List<Object> recorded() {
        synchronized (queues) { return new ArrayList<>(queues); }
    }
}
