package dev.bundlectl.executor.lock;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How a lock's holder is named in its Lease, so that whoever is refused can tell who holds it: a
 * command line process as {@code <host>/pid <pid>}, the controller as {@code controller <replica>}.
 */
public final class LockHolders {

    private LockHolders() {
    }

    /**
     * This process: the kernel's host name (read from {@code /proc}, which never waits on DNS as
     * {@code InetAddress.getLocalHost()} may), else {@code $HOSTNAME}, then its pid.
     */
    public static String thisProcess() {
        return hostName() + "/pid " + ProcessHandle.current().pid();
    }

    /** A controller replica, by the identity it elects a leader with ({@code $POD_NAME}, say). */
    public static String controller(String replica) {
        return "controller " + replica;
    }

    private static String hostName() {
        try {
            String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            if (!name.isEmpty()) {
                return name;
            }
        } catch (IOException | RuntimeException notLinux) {
            // Another system: the environment may say.
        }
        String fromEnvironment = System.getenv("HOSTNAME");
        return fromEnvironment == null || fromEnvironment.isBlank() ? "localhost" : fromEnvironment;
    }
}
