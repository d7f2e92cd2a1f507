/*
 * The probe's clocks: the CPU time of each thread of the JVM, read from the
 * operating system by thread id (/proc/self/task/ID/schedstat), the JVM's
 * own threads (those that run no Java code: collectors, compilers, the VM
 * thread; and the probe's) told apart from the ones student code may run
 * on, and the process's clock for what threads that ended spent.
 * Probe.java charges each trial with them.
 */
package slider.probe;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;

final class Clocks {
    private Clocks() { }

    /** The JVM's beans, looked up once (a lookup walks every platform component). */
    static final java.lang.management.ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    static final java.lang.management.OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

    static long processCpu() {
        if (OS instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) OS).getProcessCpuTime();
        }
        return 0;
    }

    /**
     * The JVM's own threads (see VM_THREADS), the launcher's and the
     * probe's main thread, by OS thread id: their CPU time is not a
     * trial's. Found before any student code runs, so their names can be
     * trusted. Every other thread, those alive at the start included, is
     * charged: the JVM's threads that run Java code (reference handling,
     * finalizers, cleaners, MXBean notifications, signal handlers, the
     * attach listener) may run the student's. The JVM is started with
     * fixed numbers of collector and compiler threads, so none is made
     * later.
     */
    static final java.util.Set<String> SERVICE = new java.util.HashSet<>();
    /** The Java threads alive when the probe starts, by identity. */
    static final Map<Thread, Boolean> SYSTEM = new java.util.IdentityHashMap<>();
    /** The worker's OS thread id. */
    static volatile String workerTask;

    /**
     * The OS threads alive when the probe starts: when no other but the
     * worker is alive after a trial, and the JVM counts no more Java threads
     * than then, the trial left no thread behind.
     */
    static final java.util.Set<String> BASE = new java.util.HashSet<>();
    static int baseThreads;

    /**
     * The OS names (at most 15 characters) of the JVM's threads that never
     * run Java code of anyone's, the same on JDK 17 to 25: the VM thread,
     * the collectors', the compilers', the periodic task, the service
     * thread, monitor deflation and (to JDK 19) the code cache sweeper.
     */
    private static final java.util.Set<String> VM_THREADS = java.util.Set.of(
        "VM Thread", "C1 CompilerThre", "C2 CompilerThre", "VM Periodic Tas",
        "Service Thread", "Monitor Deflati", "Sweeper thread");

    /** Whether a thread of this OS name never runs Java code (see VM_THREADS). */
    static boolean vmThread(String name) {
        return VM_THREADS.contains(name) || name.startsWith("GC Thread#");
    }

    /** Notes the JVM's own threads (see SERVICE). */
    static void findServiceThreads() throws java.io.IOException {
        // the launcher's first thread waits for the JVM to end; this one
        // runs the probe's watch
        SERVICE.add(String.valueOf(ProcessHandle.current().pid()));
        SERVICE.add(ownTask());
        for (Thread t : Thread.getAllStackTraces().keySet()) SYSTEM.put(t, true);
        baseThreads = THREADS.getThreadCount();
        String[] alive = new java.io.File("/proc/self/task").list();
        if (alive != null) BASE.addAll(java.util.Arrays.asList(alive));
        try (java.nio.file.DirectoryStream<Path> tasks = Files.newDirectoryStream(Paths.get("/proc/self/task"))) {
            for (Path task : tasks) {
                String name;
                try {
                    name = new String(Files.readAllBytes(task.resolve("comm")), StandardCharsets.UTF_8).trim();
                } catch (java.io.IOException gone) {
                    continue;
                }
                if (vmThread(name)) SERVICE.add(task.getFileName().toString());
            }
        }
    }

    /** This thread's OS id. */
    static String ownTask() {
        try {
            return Files.readSymbolicLink(Paths.get("/proc/thread-self")).getFileName().toString();
        } catch (java.io.IOException | RuntimeException e) {
            return "";
        }
    }

    /**
     * The CPU time, in nanoseconds, of every thread of the JVM that is not
     * one of its own, by OS thread id (kept at its highest): every thread
     * the student's code runs on, whatever its group, class or name; and
     * of the JVM's own threads into `service` (null: not read).
     */
    static synchronized void sample(Map<String, Long> into, Map<String, Long> service) {
        String[] tasks = tasks();
        for (String task : tasks) {
            boolean own = SERVICE.contains(task);
            if (own && service == null) continue;
            long cpu = schedstat(task);
            if (cpu >= 0) (own ? service : into).merge(task, cpu, Math::max);
        }
        // the files of threads that ended
        if (STATS.size() > tasks.length + 64) {
            java.util.Set<String> alive = new java.util.HashSet<>(java.util.Arrays.asList(tasks));
            STATS.entrySet().removeIf(e -> !alive.contains(e.getKey()) && close(e.getValue()));
        }
    }

    /** Java threads started since the JVM started (one counter, read for nothing). */
    static long startedThreads() {
        return THREADS.getTotalStartedThreadCount();
    }

    /** The last listing of the JVM's OS threads, when, and how many Java threads had started then. */
    static String[] listed = new String[0];
    static long listedAt, listedStarted = -1;

    /**
     * The JVM's OS threads: listed again when a Java thread has started
     * since the last listing, or 10 ms have passed (the JVM's own threads
     * are not Java threads: the collectors' and compilers' are all made at
     * the start, see the JVM's flags). A trial that starts no thread is not
     * charged a listing.
     */
    static synchronized String[] tasks() {
        long started = startedThreads(), now = System.nanoTime();
        if (started != listedStarted || now - listedAt > 10_000_000L) {
            // read before the listing: a thread started meanwhile lists it again next time
            String[] tasks = new java.io.File("/proc/self/task").list();
            listed = tasks == null ? new String[0] : tasks;
            listedAt = now;
            listedStarted = started;
        }
        return listed;
    }

    /**
     * Each thread's schedstat file, opened once: read again from its start,
     * it says the thread's CPU time now (one system call per thread and
     * sample, not three; a trial samples every thread at least twice).
     */
    static final Map<String, java.nio.channels.FileChannel> STATS = new HashMap<>();
    /** Direct: a channel reads into it without a copy. */
    static final java.nio.ByteBuffer STAT = java.nio.ByteBuffer.allocateDirect(256);

    /** A thread's CPU time in nanoseconds, or -1 when it ended. */
    static long schedstat(String task) {
        java.nio.channels.FileChannel file = STATS.get(task);
        try {
            if (file == null) {
                file = java.nio.channels.FileChannel.open(Paths.get("/proc/self/task", task, "schedstat"));
                STATS.put(task, file);
            }
            STAT.clear();
            int n = file.read(STAT, 0);
            long cpu = 0;
            int k = 0;
            for (; k < n && STAT.get(k) >= '0' && STAT.get(k) <= '9'; k++) cpu = cpu * 10 + (STAT.get(k) - '0');
            if (k == 0 || k >= n || STAT.get(k) != ' ') throw new java.io.IOException("not a schedstat");
            return cpu;
        } catch (java.io.IOException | RuntimeException gone) {
            // the thread ended (its file says nothing more), or its id is
            // another thread's now: opened again at the next sample
            if (file != null) close(STATS.remove(task));
            return -1;
        }
    }

    static boolean close(java.nio.channels.FileChannel file) {
        try {
            if (file != null) file.close();
        } catch (java.io.IOException ignored) {
            // nothing to do
        }
        return true;
    }

    /**
     * Whether no thread but the JVM's own, the probe's and the worker is
     * alive: no OS thread that was not there when the probe started, and no
     * more Java threads than then and the worker (read cheaply, so that a
     * trial that started no thread is not followed by a stack walk of every
     * thread).
     */
    static boolean onlyOwnThreads() {
        String[] tasks = new java.io.File("/proc/self/task").list();
        if (tasks == null || THREADS.getThreadCount() > baseThreads + 1) return false;
        for (String task : tasks) {
            if (!BASE.contains(task) && !task.equals(workerTask)) return false;
        }
        return true;
    }

    /** The CPU time the threads of `now` spent since `then`. */
    static long spent(Map<String, Long> now, Map<String, Long> then) {
        long sum = 0;
        for (Map.Entry<String, Long> e : now.entrySet()) sum += e.getValue() - then.getOrDefault(e.getKey(), 0L);
        return sum;
    }

    /**
     * The CPU time of threads that ended between two samples (a student's
     * thread may live less than the 10 ms between them): what the process
     * spent beyond every thread seen. The clocks are read so that this is
     * never more than the truth but for the process clock's resolution
     * (10 ms ticks on Linux, read twice): 30 ms of it are not charged.
     */
    static long endedThreads(long process, long seenThreads) {
        return Math.max(0, process - seenThreads - 30_000_000L);
    }
}
