package dev.bundlectl.cli;

import dev.bundlectl.executor.waiting.Blocking;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.executor.StepEvent;
import io.vertx.core.Future;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

/**
 * Prints step events while an install runs. Events arrive on a Vert.x thread, which must never
 * block on terminal I/O, so the listener only queues them and the main thread prints.
 */
final class ProgressPrinter implements Consumer<StepEvent> {

    private static final ObjectMapper JSON = Mappers.json();

    // An event, or empty once the install's future has completed: the main thread wakes for both.
    private final BlockingQueue<Optional<StepEvent>> queue = new LinkedBlockingQueue<>();
    private final PrintWriter out;
    private final boolean jsonLines;
    private final int totalSteps;

    /**
     * @param out where lines go
     * @param jsonLines one JSON object per event (for CI) instead of human-readable lines
     * @param totalSteps the plan's step count, for the {@code [n/total]} prefix
     */
    ProgressPrinter(PrintWriter out, boolean jsonLines, int totalSteps) {
        this.out = out;
        this.jsonLines = jsonLines;
        this.totalSteps = totalSteps;
    }

    @Override
    public void accept(StepEvent event) {
        queue.add(Optional.of(event));
    }

    /**
     * Prints events on the calling (main) thread until the future completes, then the rest. The
     * future's completion is queued like an event, so the main thread goes on at once; it used to
     * look at the future every 100 ms, which kept every install waiting 50 ms on average after its
     * last request (bench/README.md, issue 26).
     */
    <T> T printUntil(Future<T> future) {
        future.onComplete(done -> queue.add(Optional.empty()));
        try {
            for (Optional<StepEvent> item = queue.take(); item.isPresent(); item = queue.take()) {
                print(item.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Optional<StepEvent> item = queue.poll(); item != null; item = queue.poll()) {
            item.ifPresent(this::print);
        }
        return Blocking.result(future);
    }

    private void print(StepEvent event) {
        out.println(jsonLines ? jsonLine(event) : TerminalText.safe(humanLine(event)));
        out.flush();
    }

    private String humanLine(StepEvent event) {
        String width = Integer.toString(totalSteps);
        String index = String.format("[%" + width.length() + "d/%s]", event.stepIndex() + 1, width);
        StringBuilder line = new StringBuilder(index).append(' ').append(event.resource()).append(": ");
        if (event.isRetry()) {
            line.append("retrying (attempt ").append(event.attempt()).append(')');
        } else {
            line.append(event.status().wireName());
        }
        if (event.message() != null && !event.message().isBlank()) {
            line.append(" - ").append(event.message());
        }
        return line.toString();
    }

    private static String jsonLine(StepEvent event) {
        ObjectNode node = JSON.createObjectNode();
        node.put("time", event.timestamp().toString());
        node.put("step", event.stepIndex() + 1);
        node.put("resource", event.resource());
        node.put("from", event.previousStatus().wireName());
        node.put("status", event.status().wireName());
        node.put("retry", event.isRetry());
        node.put("attempt", event.attempt());
        if (event.message() != null) {
            node.put("message", event.message());
        }
        return node.toString();
    }
}
