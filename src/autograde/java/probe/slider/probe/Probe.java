/*
 * slider's autograder probe. It runs inside the JVM that holds a student's
 * Board and Solver, performs the operations of a plan file on them through
 * reflection (so that a missing or misspelt method fails only the tests
 * that need it), and reports raw results to slider over file descriptor 3,
 * a pipe the student's code has no way to reach: a security policy gives
 * the student's classes no permission at all (no files, no exit, no exec,
 * no reflection into other classes), and what they print goes to the
 * ordinary standard output, which slider reads apart. slider judges every
 * result against its own Rust reference; nothing here decides a verdict.
 *
 * The protocol's other half is src/autograde/protocol.rs.
 *
 * Plan: header lines, then one operation per line (space-separated;
 * boards as n:t0,t1,...):
 *   api coursera|princeton       which API's method names to call
 *   student DIR                  the folder of the student's classes
 *   cpu-ms MS                    CPU time of the trial's threads that ends it
 *   process-cpu-ms MS            CPU time of the whole JVM that ends it
 *   wall-ms MS                   wall time that ends it (a backstop)
 *   yardstick BOARD NS           before each trial, solve BOARD with the
 *                                yardstick (Yardstick.java); NS is its CPU
 *                                time on the course's machine, and the
 *                                three limits above are on that machine's
 *                                scale: each trial's are multiplied by the
 *                                median of this JVM's yardstick times / NS
 *   list K                       the operations after it belong to list K
 *   ID OP ARGS...                one operation (see Ops.java)
 * Records on descriptor 3 (tab-separated, fields escaped \\ \n \t \r):
 *   hello
 *   ID ok FIELD...               the operation's results
 *   ID threw CLASS MESSAGE FRAME...
 *   ID missing MEMBER            a method or constructor is not there
 *   ID skipped                   not run: an earlier input of its list threw
 *   ID limit cpu|process|wall THREADS_MS PROCESS_MS WALL_MS
 *   ID cpu THREADS_NS            the CPU, during the trial, of every thread
 *                                of the JVM but its own and the worker's
 *                                (sent before its ok)
 *   ID yardstick NS              the yardstick's CPU time just before the
 *                                trial (sent before its other records)
 *   done
 * After a limit record the JVM ends: the trial's threads cannot be trusted.
 */
package slider.probe;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.AllPermission;
import java.security.CodeSource;
import java.security.Permission;
import java.security.PermissionCollection;
import java.security.Permissions;
import java.security.Policy;
import java.security.ProtectionDomain;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public final class Probe {
    private static PrintStream channel;
    private static volatile boolean exiting;
    private static long cpuLimit = 5_000_000_000L, processLimit = 15_000_000_000L, wallLimit = 20_000_000_000L;
    /** The yardstick's board and its CPU time on the course's machine (none: 0). */
    private static int[][] yardstick;
    private static long yardstickCourse;
    /** This JVM's yardstick times, sorted. */
    private static final java.util.List<Long> YARDSTICK = new java.util.ArrayList<>();

    private Probe() { }

    public static void main(String[] args) throws Exception {
        Path fd = Paths.get("/proc/self/fd/3");
        String target = Files.isSymbolicLink(fd) ? Files.readSymbolicLink(fd).toString() : "";
        if (!target.startsWith("pipe:")) {
            System.err.println("slider probe: descriptor 3 is not slider's pipe (" + target + ")");
            Runtime.getRuntime().halt(70);
        }
        // Descriptor 3 itself, not a reopening of it (which another uid may
        // not do): the JVM is started with java.io opened for this.
        FileDescriptor descriptor = new FileDescriptor();
        Field number = FileDescriptor.class.getDeclaredField("fd");
        number.setAccessible(true);
        number.setInt(descriptor, 3);
        channel = new PrintStream(new BufferedOutputStream(new FileOutputStream(descriptor), 1 << 16),
            false, StandardCharsets.UTF_8);
        List<String> plan = Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8);
        String student = null;
        for (String line : plan) {
            String[] w = line.split(" ");
            if (w.length < 2) continue;
            switch (w[0]) {
                case "api": Ops.api = w[1]; break;
                case "student": student = new java.io.File(w[1]).getAbsoluteFile().toURI().toURL().toString(); break;
                case "cpu-ms": cpuLimit = Long.parseLong(w[1]) * 1_000_000L; break;
                case "process-cpu-ms": processLimit = Long.parseLong(w[1]) * 1_000_000L; break;
                case "wall-ms": wallLimit = Long.parseLong(w[1]) * 1_000_000L; break;
                case "yardstick":
                    yardstick = Ops.parse(w[1]);
                    yardstickCourse = Long.parseLong(w[2]);
                    break;
                default: break;
            }
        }
        if (student == null) {
            System.err.println("slider probe: the plan names no student folder");
            Runtime.getRuntime().halt(70);
        }
        findServiceThreads();
        Ops.prepare();
        // the yardstick's code compiled before its first measurement counts
        if (yardstick != null) for (int i = 0; i < 3; i++) Yardstick.measure(yardstick);
        guard(student);
        emit("hello");
        channel.flush();
        long flushed = System.nanoTime();
        String list = "", failedList = null;
        for (String line : plan) {
            String[] w = line.split(" ");
            if (w.length == 2 && w[0].equals("list")) list = w[1];
            if (w.length < 2 || w[0].isEmpty() || !Character.isDigit(w[0].charAt(0))) continue;
            // Once an input of a list threw, the rest of the list is skipped
            // (no record): the course moves on after a list's first failure.
            if (list.equals(failedList)) {
                emit(w[0], "skipped");
                continue;
            }
            String[] kind = new String[1];
            boolean finished = trial(w, kind);
            if ("threw".equals(kind[0]) || "missing".equals(kind[0])) failedList = list;
            if (!finished) end();
            if (System.nanoTime() - flushed > 20_000_000L) {
                channel.flush();
                flushed = System.nanoTime();
            }
        }
        emit("done");
        end();
    }

    /** Ends the JVM, whatever threads the student left running. */
    private static void end() {
        channel.flush();
        exiting = true;
        Runtime.getRuntime().halt(0);
    }

    /** Classes loaded from the student's folder get no permission. */
    @SuppressWarnings("removal")
    private static void guard(String studentUri) {
        Policy.setPolicy(new Policy() {
            private boolean isStudent(CodeSource source) {
                return source != null && source.getLocation() != null
                    && source.getLocation().toString().startsWith(studentUri);
            }

            @Override
            public PermissionCollection getPermissions(CodeSource source) {
                Permissions granted = new Permissions();
                if (!isStudent(source)) granted.add(new AllPermission());
                return granted;
            }

            @Override
            public boolean implies(ProtectionDomain domain, Permission permission) {
                return !isStudent(domain.getCodeSource());
            }
        });
        // exitVM is granted to every class-path class by its class loader,
        // whatever the policy says: refuse it here unless the probe exits.
        System.setSecurityManager(new SecurityManager() {
            @Override
            public void checkExit(int status) {
                if (!exiting) throw new SecurityException("System.exit(" + status + ") is not allowed in graded code");
            }
        });
    }

    static void emit(String... fields) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) s.append('\t');
            String f = fields[i];
            for (int k = 0; k < f.length(); k++) {
                char c = f.charAt(k);
                if (c == '\\') s.append("\\\\");
                else if (c == '\n') s.append("\\n");
                else if (c == '\t') s.append("\\t");
                else if (c == '\r') s.append("\\r");
                else s.append(c);
            }
        }
        channel.print(s.append('\n'));
    }

    private static long processCpu() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
        }
        return 0;
    }

    /**
     * The JVM's own threads when the probe starts (collectors, compilers,
     * the VM thread, this one), by OS thread id: their CPU time is not a
     * trial's. Found before any student code runs, so their names can be
     * trusted; the Java threads that run student code (finalizers,
     * cleaners, reference handling) are not among them. The JVM is started
     * with fixed numbers of collector and compiler threads, so none is
     * made later.
     */
    private static final java.util.Set<String> SERVICE = new java.util.HashSet<>();
    /** The Java threads alive when the probe starts, by identity. */
    private static final Map<Thread, Boolean> SYSTEM = new java.util.IdentityHashMap<>();
    /** The worker's OS thread id. */
    private static volatile String workerTask;

    /** Notes the JVM's own threads (see SERVICE). */
    private static void findServiceThreads() throws java.io.IOException {
        for (Thread t : Thread.getAllStackTraces().keySet()) SYSTEM.put(t, true);
        try (java.nio.file.DirectoryStream<Path> tasks = Files.newDirectoryStream(Paths.get("/proc/self/task"))) {
            for (Path task : tasks) {
                String name;
                try {
                    name = new String(Files.readAllBytes(task.resolve("comm")), StandardCharsets.UTF_8).trim();
                } catch (java.io.IOException gone) {
                    continue;
                }
                if (name.startsWith("Finalizer") || name.startsWith("Common-Cleaner") || name.startsWith("Reference Handl")) {
                    continue;
                }
                SERVICE.add(task.getFileName().toString());
            }
        }
    }

    /** This thread's OS id. */
    private static String ownTask() {
        try {
            return Files.readSymbolicLink(Paths.get("/proc/thread-self")).getFileName().toString();
        } catch (java.io.IOException | RuntimeException e) {
            return "";
        }
    }

    /**
     * The CPU time, in nanoseconds, of every thread of the JVM that is not
     * one of its own, by OS thread id (kept at its highest): every thread
     * the student's code runs on, whatever its group, class or name.
     */
    private static void sample(Map<String, Long> into, Map<String, Long> service) {
        String[] tasks = new java.io.File("/proc/self/task").list();
        if (tasks == null) return;
        for (String task : tasks) {
            try {
                String stat = new String(Files.readAllBytes(Paths.get("/proc/self/task", task, "schedstat")),
                    StandardCharsets.US_ASCII);
                long cpu = Long.parseLong(stat.substring(0, stat.indexOf(' ')));
                (SERVICE.contains(task) ? service : into).merge(task, cpu, Math::max);
            } catch (java.io.IOException | RuntimeException gone) {
                // the thread ended between the listing and the read
            }
        }
    }

    /** The trials' thread group, its worker, and the hand-offs to and from it. */
    private static ThreadGroup group;
    private static Thread worker;
    private static final java.util.concurrent.SynchronousQueue<String[]> TASKS = new java.util.concurrent.SynchronousQueue<>();
    private static final java.util.concurrent.LinkedBlockingQueue<List<String>> RESULTS = new java.util.concurrent.LinkedBlockingQueue<>();

    /** The worker: one thread, in a group of its own, that runs the trials in turn. */
    private static void startWorker() {
        group = new ThreadGroup("slider-trials");
        worker = new Thread(group, () -> {
            workerTask = ownTask();
            while (true) {
                String[] w;
                try {
                    w = TASKS.take();
                } catch (InterruptedException e) {
                    return;
                }
                RESULTS.add(Ops.record(w));
            }
        }, "slider-trial", 16L << 20);
        worker.setDaemon(true);
        worker.start();
    }

    /**
     * Runs one operation on the worker; false when a limit ended it. The
     * record is made on the worker too: every call into the student's code
     * (toString(), getMessage()) happens under the trial's limits, which
     * count the CPU time of every thread of the JVM but its own (SERVICE),
     * read from the operating system by thread id: no Java object of the
     * student's is asked anything.
     */
    private static boolean trial(String[] w, String[] kind) throws InterruptedException {
        if (worker == null) startWorker();
        long cpuLimit = Probe.cpuLimit, processLimit = Probe.processLimit, wallLimit = Probe.wallLimit;
        if (yardstick != null) {
            // on the probe's thread, while no student thread runs
            long spent = Yardstick.measure(yardstick);
            emit(w[0], "yardstick", String.valueOf(spent));
            YARDSTICK.add(spent);
            java.util.Collections.sort(YARDSTICK);
            double scale = (double) YARDSTICK.get(YARDSTICK.size() / 2) / yardstickCourse;
            cpuLimit = (long) (cpuLimit * scale);
            // the JVM's own threads (collectors, compilers) are not what the
            // yardstick measures: never less than the plan's limit
            processLimit = Math.max(processLimit, (long) (processLimit * scale));
            wallLimit = Math.max(wallLimit, (long) (wallLimit * scale));
        }
        Map<String, Long> before = new HashMap<>(), seen = new HashMap<>();
        Map<String, Long> serviceBefore = new HashMap<>(), serviceSeen = new HashMap<>();
        sample(before, serviceBefore);
        long startWall = System.nanoTime();
        // read after the threads: the process's CPU since is never more
        // than theirs plus what threads that ended spent
        long startProcess = processCpu();
        TASKS.put(w);
        String cut = null;
        long threads = 0, process = 0, wall = 0, checked = 0, ended = 0;
        List<String> fields;
        while (true) {
            fields = RESULTS.poll(10, java.util.concurrent.TimeUnit.MILLISECONDS);
            wall = System.nanoTime() - startWall;
            boolean check = fields != null || wall - checked > 50_000_000L;
            // the process's clock before the threads' (see startProcess)
            if (check) process = processCpu() - startProcess;
            sample(seen, serviceSeen);
            threads = spent(seen, before);
            if (check) {
                checked = wall;
                ended = endedThreads(process, threads + spent(serviceSeen, serviceBefore));
            }
            if (fields != null) break;
            if (threads + ended > cpuLimit) cut = "cpu";
            else if (process > processLimit) cut = "process";
            else if (wall > wallLimit) cut = "wall";
            if (cut != null) break;
        }
        if (cut != null) {
            emit(w[0], "limit", cut, String.valueOf((threads + ended) / 1_000_000L), String.valueOf(process / 1_000_000L),
                String.valueOf(wall / 1_000_000L));
            return false;
        }
        // Threads the trial left behind must not run into the next one.
        stopAll();
        long helpers = 0;
        for (Map.Entry<String, Long> e : seen.entrySet()) {
            if (!e.getKey().equals(workerTask)) helpers += e.getValue() - before.getOrDefault(e.getKey(), 0L);
        }
        helpers += ended;
        if (helpers > 0) emit(w[0], "cpu", String.valueOf(helpers));
        kind[0] = fields.get(0);
        fields.add(0, w[0]);
        emit(fields.toArray(new String[0]));
        return true;
    }

    /** The CPU time the threads of `now` spent since `then`. */
    private static long spent(Map<String, Long> now, Map<String, Long> then) {
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
    private static long endedThreads(long process, long seenThreads) {
        return Math.max(0, process - seenThreads - 30_000_000L);
    }

    /**
     * Stops every Java thread the student's code started, in any group
     * (Thread.stop is final: no student code runs here).
     */
    @SuppressWarnings({"deprecation", "removal"})
    private static void stopAll() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t == worker || SYSTEM.containsKey(t)) continue;
            try {
                t.stop();
            } catch (RuntimeException | Error ignored) {
                // best effort: the JVM ends at the end of the plan anyway
            }
        }
    }
}
