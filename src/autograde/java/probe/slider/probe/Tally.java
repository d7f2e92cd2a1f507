/*
 * slider's counters: what the reference Board and the counting MinPQ were
 * asked to do during one trial. Anyone may add to a count (which only
 * makes a Solver look worse); only the probe, in this package, can read or
 * reset them. The fields are private, and the security manager refuses the
 * student's code the reflection that would reach them.
 */
package slider.probe;

public final class Tally {
    private static long boards, equals, equalsNotBoard, equalsNotGrandparent;
    private static long hamming, manhattan, toStrings, tileAts;
    private static long inserts, deletes, size, maxSize;
    private static String queueAudit;

    private Tally() { }

    public static void board() { boards++; }

    public static void equalsCall(boolean board, boolean grandparent) {
        equals++;
        if (!board) equalsNotBoard++;
        else if (!grandparent) equalsNotGrandparent++;
    }

    public static void hamming() { hamming++; }

    public static void manhattan() { manhattan++; }

    public static void toStringCall() { toStrings++; }

    public static void tileAt() { tileAts++; }

    public static void insert() {
        inserts++;
        if (++size > maxSize) maxSize = size;
    }

    public static void delMin() {
        deletes++;
        size--;
    }

    /** The first key the counting MinPQ saw out of heap order. */
    public static void queueOutOfOrder(String what) {
        if (queueAudit == null) queueAudit = what;
    }

    static void reset() {
        boards = equals = equalsNotBoard = equalsNotGrandparent = 0;
        hamming = manhattan = toStrings = tileAts = 0;
        inserts = deletes = size = maxSize = 0;
        queueAudit = null;
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
        out.add("queue-audit=" + (queueAudit == null ? "" : queueAudit));
        return out;
    }
}
