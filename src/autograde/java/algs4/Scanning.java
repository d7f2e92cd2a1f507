/* Token reading shared by slider's In and StdIn stand-ins. */
package edu.princeton.cs.algs4;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Scanner;

final class Scanning {
    private Scanning() { }

    static int[] allInts(Scanner scanner) {
        List<Integer> ints = new ArrayList<>();
        while (scanner.hasNext()) ints.add(Integer.parseInt(scanner.next()));
        int[] out = new int[ints.size()];
        for (int i = 0; i < out.length; i++) out[i] = ints.get(i);
        return out;
    }

    static String next(Scanner scanner) {
        if (!scanner.hasNext()) throw new NoSuchElementException("no more tokens");
        return scanner.next();
    }
}
