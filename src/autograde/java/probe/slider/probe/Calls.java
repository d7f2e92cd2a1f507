/*
 * The probe's calls into the student's classes, all by reflection (a
 * missing or misspelt method fails only the operations that call it), and
 * what it reads back: boards rendered by their toString() (a reference
 * Board's from its tiles), iterables walked under a cap.
 */
package slider.probe;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

final class Calls {
    /** The reference Board's fields, found at its first rendering. */
    private static java.lang.reflect.Field referenceN, referenceTiles;

    private Calls() { }

    static Class<?> board() {
        if (Ops.boardClass == null) throw new Ops.Missing("class Board");
        return Ops.boardClass;
    }

    static Class<?> solver() {
        if (Ops.solverClass == null) throw new Ops.Missing("class Solver");
        return Ops.solverClass;
    }

    static Object invoke(Object target, Method m, Object... args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    static Object construct(Constructor<?> c, Object... args) throws Throwable {
        try {
            return c.newInstance(args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    static Method method(Class<?> c, String name, Class<?>... params) {
        try {
            return c.getMethod(name, params);
        } catch (NoSuchMethodException e) {
            StringBuilder sig = new StringBuilder(c.getName()).append('.').append(name).append('(');
            for (int i = 0; i < params.length; i++) sig.append(i > 0 ? ", " : "").append(params[i].getSimpleName());
            throw new Ops.Missing(sig.append(')').toString());
        }
    }

    static Object call(Object target, String name) throws Throwable {
        return invoke(target, method(target.getClass(), name));
    }

    static Object newBoard(int[][] tiles) throws Throwable {
        Constructor<?> c;
        try {
            c = board().getConstructor(int[][].class);
        } catch (NoSuchMethodException e) {
            throw new Ops.Missing("Board(int[][])");
        }
        return construct(c, (Object) tiles);
    }

    static Object newSolver(Object board) throws Throwable {
        Constructor<?> c;
        try {
            c = solver().getConstructor(board());
        } catch (NoSuchMethodException e) {
            throw new Ops.Missing("Solver(Board)");
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

    static String str(Object board) throws Throwable {
        if (board == null) return "null";
        return String.valueOf(call(board, "toString"));
    }

    /**
     * A solution's board as its toString() says it: read from the tiles
     * when it is slider's reference Board (the text its toString() makes,
     * "n", then each row's tiles as "%2d "), else by calling toString().
     */
    static String shown(Object board) throws Throwable {
        if (!Ops.referenceBoard || board == null || board.getClass() != Ops.boardClass) return str(board);
        if (referenceTiles == null) {
            referenceN = Ops.boardClass.getDeclaredField("n");
            referenceTiles = Ops.boardClass.getDeclaredField("tiles");
            referenceN.setAccessible(true);
            referenceTiles.setAccessible(true);
        }
        int n = referenceN.getInt(board);
        int[] tiles = (int[]) referenceTiles.get(board);
        StringBuilder s = new StringBuilder(n * n * 4 + 8).append(n).append('\n');
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int t = tiles[i * n + j];
                if (t >= 0 && t < 10) s.append(' ');
                s.append(t).append(' ');
            }
            s.append('\n');
        }
        return s.toString();
    }

    static String size(Object board) throws Throwable {
        return String.valueOf(call(board, Ops.api.equals("princeton") ? "size" : "dimension"));
    }

    static List<Object> iterate(Object iterable) {
        if (iterable == null) return null;
        List<Object> out = new ArrayList<>();
        Iterator<?> it = ((Iterable<?>) iterable).iterator();
        while (it.hasNext()) {
            out.add(it.next());
            if (out.size() > 100_000) throw new IllegalStateException("more than 100000 items");
        }
        return out;
    }

    /** equals as a caller with these static types would call it. */
    static boolean equalsTyped(Object a, Object b, boolean asObject) throws Throwable {
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
}
