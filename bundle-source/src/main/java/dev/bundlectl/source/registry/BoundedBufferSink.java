package dev.bundlectl.source.registry;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.streams.WriteStream;

/** Collects a small response in memory and refuses one longer than its limit (a token response). */
final class BoundedBufferSink implements WriteStream<Buffer> {

    private final Buffer collected = Buffer.buffer();
    private final long limit;
    private boolean overflowed;

    BoundedBufferSink(long limit) {
        this.limit = limit;
    }

    @Override
    public WriteStream<Buffer> exceptionHandler(Handler<Throwable> handler) {
        return this;
    }

    @Override
    public Future<Void> write(Buffer data) {
        if (collected.length() + (long) data.length() > limit) {
            overflowed = true;
            return Future.failedFuture("response larger than " + limit + " bytes");
        }
        collected.appendBuffer(data);
        return Future.succeededFuture();
    }

    @Override
    public void write(Buffer data, Handler<AsyncResult<Void>> handler) {
        write(data).onComplete(handler);
    }

    @Override
    public void end(Handler<AsyncResult<Void>> handler) {
        handler.handle(Future.succeededFuture());
    }

    @Override
    public WriteStream<Buffer> setWriteQueueMaxSize(int maxSize) {
        return this;
    }

    @Override
    public boolean writeQueueFull() {
        return false;
    }

    @Override
    public WriteStream<Buffer> drainHandler(Handler<Void> handler) {
        return this;
    }

    /** What was collected; null when the response was cut off at the limit. */
    Buffer collected() {
        return overflowed ? null : collected;
    }
}
