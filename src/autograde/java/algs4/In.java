/* A stand-in for algs4's In, written for slider: tokens of a file. */
package edu.princeton.cs.algs4;

import java.io.File;
import java.io.FileNotFoundException;
import java.util.Scanner;

public final class In {
    private final Scanner scanner;

    public In(String name) {
        try {
            scanner = new Scanner(new File(name), "UTF-8");
        } catch (FileNotFoundException e) {
            throw new IllegalArgumentException("could not open " + name, e);
        }
    }

    public boolean isEmpty() { return !scanner.hasNext(); }

    public boolean hasNextLine() { return scanner.hasNextLine(); }

    public String readLine() { return scanner.nextLine(); }

    public String readString() { return Scanning.next(scanner); }

    public int readInt() { return Integer.parseInt(Scanning.next(scanner)); }

    public int[] readAllInts() { return Scanning.allInts(scanner); }

    public void close() { scanner.close(); }
}
