/*
 * slider's counters: what the reference Board and the counting MinPQ were
 * asked to do during one trial (not the Board calls of the order audit's
 * own comparisons: Instances). Anyone may add to a count (which only
 * makes a Solver look worse); only the probe, in this package, can read or
 * reset them. The fields are private, and the security manager refuses the
 * student's code the reflection that would reach them.
 */
package slider.probe;

public final class Tally {
    private static long boards, equals, equalsNotBoard, equalsNotGrandparent;
    private static long hamming, manhattan, toStrings, tileAts;
    private static long inserts, deletes, size, maxSize;
    /**
     * The thread whose Board calls are not counted while the order audit
     * compares keys (Instances.pause), and how deep its pauses are; null
     * while none is.
     */
    private static Thread paused;
    private static int pauses;

    private Tally() { }

    /** Whether this call is counted: not one of the audit's comparisons. */
    private static boolean counted() {
        return paused == null || paused != Thread.currentThread();
    }

    /** The audit's comparisons start (on) or end on this thread (Instances.pause). */
    static void pause(boolean on) {
        Thread me = Thread.currentThread();
        if (on) {
            if (paused != me) {
                paused = me;
                pauses = 0;
            }
            pauses++;
        } else if (paused == me && --pauses <= 0) {
            paused = null;
            pauses = 0;
        }
    }

    public static void board() { if (counted()) boards++; }

    public static void equalsCall(boolean board, boolean grandparent) {
        if (!counted()) return;
        equals++;
        if (!board) equalsNotBoard++;
        else if (!grandparent) equalsNotGrandparent++;
    }

    public static void hamming() { if (counted()) hamming++; }

    public static void manhattan() { if (counted()) manhattan++; }

    public static void toStringCall() { if (counted()) toStrings++; }

    public static void tileAt() { if (counted()) tileAts++; }

    public static void insert() {
        inserts++;
        if (++size > maxSize) maxSize = size;
    }

    public static void delMin() {
        deletes++;
        size--;
    }

    static void reset() {
        boards = equals = equalsNotBoard = equalsNotGrandparent = 0;
        hamming = manhattan = toStrings = tileAts = 0;
        inserts = deletes = size = maxSize = 0;
    }

    /** name=value fields, for the probe's record. */
    static java.util.List<String> fields() {
        java.util.List<String> out = new java.util.ArrayList<>();
        out.add("boards=" + boards);
        out.add("equals=" + equals);
        out.add("equals-not-board=" + equalsNotBoard);
        out.add("equals-not-grandparent=" + equalsNotGrandparent);
        out.add("hamming=" + hamming);
        out.add("manhattan=" + manhattan);
        out.add("tostring=" + toStrings);
        out.add("tileat=" + tileAts);
        out.add("inserts=" + inserts);
        out.add("deletes=" + deletes);
        out.add("max-size=" + maxSize);
        out.add("end-size=" + size);
        // the keys looked at for a Board, and the order audit's finding
        out.addAll(Instances.fields());
        return out;
    }
}
