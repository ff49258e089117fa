package dev.bundlectl.source.registry;

import dev.bundlectl.source.errors.RefusedImageException;
import dev.bundlectl.source.reference.Digest;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.file.AsyncFile;
import io.vertx.core.streams.WriteStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A write stream into a file that hashes what passes through and refuses to take more than the
 * expected (or allowed) number of bytes, so a blob is verified while it streams, with memory
 * bounded by the write queue, and a lying or endless response is cut off at its limit.
 */
final class VerifyingFileSink implements WriteStream<Buffer> {

    private final AsyncFile file;
    private final String what;
    private final long limit;
    private final MessageDigest sha256;
    private long written;
    private boolean overflowed;

    /**
     * @param limit the most bytes accepted: the descriptor's exact size, or a cap when unknown
     */
    VerifyingFileSink(AsyncFile file, String what, long limit) {
        this.file = file;
        this.what = what;
        this.limit = limit;
        try {
            this.sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    @Override
    public WriteStream<Buffer> exceptionHandler(Handler<Throwable> handler) {
        file.exceptionHandler(handler);
        return this;
    }

    @Override
    public Future<Void> write(Buffer data) {
        written += data.length();
        if (written > limit) {
            overflowed = true;
            return Future.failedFuture(tooLarge());
        }
        sha256.update(data.getBytes());
        return file.write(data);
    }

    @Override
    public void write(Buffer data, Handler<AsyncResult<Void>> handler) {
        write(data).onComplete(handler);
    }

    @Override
    public void end(Handler<AsyncResult<Void>> handler) {
        file.end(handler);
    }

    @Override
    public Future<Void> end() {
        return file.end();
    }

    @Override
    public WriteStream<Buffer> setWriteQueueMaxSize(int maxSize) {
        file.setWriteQueueMaxSize(maxSize);
        return this;
    }

    @Override
    public boolean writeQueueFull() {
        return file.writeQueueFull();
    }

    @Override
    public WriteStream<Buffer> drainHandler(Handler<Void> handler) {
        file.drainHandler(handler);
        return this;
    }

    /** The digest of everything written; a {@link RefusedImageException} when it overflowed. */
    Digest digest() {
        if (overflowed) {
            throw tooLarge();
        }
        return new Digest(HexFormat.of().formatHex(sha256.digest()));
    }

    long written() {
        return written;
    }

    private RefusedImageException tooLarge() {
        return new RefusedImageException(what + ": larger than " + limit + " bytes");
    }
}
