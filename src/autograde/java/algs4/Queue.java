/* A stand-in for algs4's Queue, written for slider: a linked FIFO queue. */
package edu.princeton.cs.algs4;

import java.util.Iterator;
import java.util.NoSuchElementException;

public class Queue<Item> implements Iterable<Item> {
    private Node<Item> first, last;
    private int n;

    private static final class Node<Item> {
        final Item item;
        Node<Item> next;
        Node(Item item) { this.item = item; }
    }

    public Queue() { }

    public boolean isEmpty() { return first == null; }

    public int size() { return n; }

    public void enqueue(Item item) {
        Node<Item> node = new Node<>(item);
        if (last == null) first = node; else last.next = node;
        last = node;
        n++;
    }

    public Item dequeue() {
        if (first == null) throw new NoSuchElementException("Queue underflow");
        Item item = first.item;
        first = first.next;
        if (first == null) last = null;
        n--;
        return item;
    }

    public Item peek() {
        if (first == null) throw new NoSuchElementException("Queue underflow");
        return first.item;
    }

    public String toString() {
        StringBuilder s = new StringBuilder();
        for (Item item : this) s.append(item).append(' ');
        return s.toString();
    }

    /** Iterates from the first enqueued to the last. */
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
