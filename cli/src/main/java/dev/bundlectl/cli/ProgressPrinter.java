package dev.bundlectl.cli;

import dev.bundlectl.executor.waiting.Blocking;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.executor.StepEvent;
import io.vertx.core.Future;
import java.io.PrintWriter;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Prints step events while an install runs. Events arrive on a Vert.x thread, which must never
 * block on terminal I/O, so the listener only queues them and the main thread prints.
 */
final class ProgressPrinter implements Consumer<StepEvent> {

    private static final ObjectMapper JSON = Mappers.json();

    private final BlockingQueue<StepEvent> queue = new LinkedBlockingQueue<>();
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
        queue.add(event);
    }

    /** Prints events on the calling (main) thread until the future completes, then the rest. */
    <T> T printUntil(Future<T> future) {
        while (!future.isComplete()) {
            try {
                StepEvent event = queue.poll(100, TimeUnit.MILLISECONDS);
                if (event != null) {
                    print(event);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        for (StepEvent event = queue.poll(); event != null; event = queue.poll()) {
            print(event);
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
