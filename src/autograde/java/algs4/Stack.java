/* A stand-in for algs4's Stack, written for slider: a linked LIFO stack. */
package edu.princeton.cs.algs4;

import java.util.Iterator;
import java.util.NoSuchElementException;

public class Stack<Item> implements Iterable<Item> {
    private Node<Item> first;
    private int n;

    private static final class Node<Item> {
        final Item item;
        final Node<Item> next;
        Node(Item item, Node<Item> next) { this.item = item; this.next = next; }
    }

    public Stack() { }

    public boolean isEmpty() { return first == null; }

    public int size() { return n; }

    public void push(Item item) { first = new Node<>(item, first); n++; }

    public Item pop() {
        if (first == null) throw new NoSuchElementException("Stack underflow");
        Item item = first.item;
        first = first.next;
        n--;
        return item;
    }

    public Item peek() {
        if (first == null) throw new NoSuchElementException("Stack underflow");
        return first.item;
    }

    public String toString() {
        StringBuilder s = new StringBuilder();
        for (Item item : this) s.append(item).append(' ');
        return s.toString();
    }

    /** Iterates from the top (the last pushed) down. */
    public Iterator<Item> iterator() {
        return new Iterator<Item>() {
            private Node<Item> at = first;
            public boolean hasNext() { return at != null; }
            public Item next() {
                if (at == null) throw new NoSuchElementException();
                Item item = at.item;
                at = at.next;
                return item;
            }
        };
    }
}
