package dev.bundlectl.executor.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A byte-for-byte TCP forwarder on {@code 127.0.0.1} that counts the connections clients open
 * through it. TLS passes through untouched, so the client still verifies the real server's
 * certificate (issued for {@code 127.0.0.1}), and what is counted is exactly the number of TCP
 * (and so TLS) connections a client made.
 */
public final class CountingTcpForwarder implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress upstream;
    private final AtomicInteger accepted = new AtomicInteger();
    private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "counting-forwarder");
        thread.setDaemon(true);
        return thread;
    });

    private CountingTcpForwarder(ServerSocket listener, InetSocketAddress upstream) {
        this.listener = listener;
        this.upstream = upstream;
    }

    /** Starts forwarding a free loopback port to {@code upstreamPort} on {@code 127.0.0.1}. */
    public static CountingTcpForwarder start(int upstreamPort) {
        try {
            ServerSocket listener = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
            CountingTcpForwarder forwarder = new CountingTcpForwarder(listener,
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort));
            forwarder.threads.execute(forwarder::acceptLoop);
            return forwarder;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The port clients connect to. */
    public int port() {
        return listener.getLocalPort();
    }

    /** How many connections clients have opened so far. */
    public int connections() {
        return accepted.get();
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                accepted.incrementAndGet();
                Socket server = new Socket(upstream.getAddress(), upstream.getPort());
                threads.execute(() -> pump(client, server));
                threads.execute(() -> pump(server, client));
            } catch (IOException closedOrRefused) {
                // The listener was closed (end of test) or the upstream refused: the client sees a reset.
            }
        }
    }

    private static void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int read;
            while ((read = in.read(buffer)) >= 0) {
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (IOException closed) {
            // One side closed: close the other below.
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Already closed.
        }
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException ignored) {
            // Already closed.
        }
        threads.shutdownNow();
        try {
            threads.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
