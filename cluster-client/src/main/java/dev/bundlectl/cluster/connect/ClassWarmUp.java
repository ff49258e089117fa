package dev.bundlectl.cluster.connect;

/**
 * Initialises classes that opening a connection needs and whose initialisation depends on nothing
 * of the connection, so that a thread with time to spare can do it before the thread opening the
 * connection gets there: a class is initialised once, and a second thread arriving meanwhile waits
 * for the first instead of doing it again. bundlectl's command line calls it on its main thread
 * once it has read its input, while another thread sets up the connection ({@code cli.EarlyConnection},
 * {@code cli.BackgroundConnection}): the main thread would otherwise only wait for it.
 *
 * <p>The two are the largest such costs in a fresh JDK 25 process (bench/README.md, "Fifth pass"):
 * <ul>
 *   <li>{@link java.math.BigDecimal}, which the base class of every Jackson parser refers to; its
 *       initialisation multiplies large numbers in code not yet compiled (17 ms);</li>
 *   <li>netty's {@code JdkSslContext}, whose defaults come from an SSL context it initialises with
 *       the JDK's own trust store, read from disk and parsed (25 ms).</li>
 * </ul>
 */
public final class ClassWarmUp {

    private static final String[] CLASSES = {"java.math.BigDecimal", "io.netty.handler.ssl.JdkSslContext"};

    private ClassWarmUp() {
    }

    /** Initialises the classes on this thread (those already initialised cost nothing). */
    public static void run() {
        ClassLoader loader = ClassWarmUp.class.getClassLoader();
        for (String name : CLASSES) {
            try {
                Class.forName(name, true, loader);
            } catch (ClassNotFoundException | LinkageError notHere) {
                // Only a head start: the thread that needs the class initialises it, or reports why not.
            }
        }
    }
}
