package dev.bundlectl.executor.testing;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpServerResponse;
import java.util.Locale;
import java.util.Set;

/**
 * An upstream answer read whole, as the loopback proxies in front of a test server (the fault
 * proxy here, the bench's delaying proxy) pass it back to the client: status and end-to-end
 * headers copied, hop-by-hop headers left to each connection.
 *
 * @param response the upstream response
 * @param body its whole body
 */
public record ProxiedAnswer(HttpClientResponse response, Buffer body) {

    /** Headers that belong to one connection, not to the message (RFC 9110 section 7.6.1), and the body's framing. */
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-connection",
            "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade",
            "content-length", "host");

    /** Writes the answer to {@code out}, unless the client's side already ended or closed. */
    public void writeTo(HttpServerResponse out) {
        if (out.ended() || out.closed()) {
            return;
        }
        out.setStatusCode(response.statusCode());
        out.setStatusMessage(response.statusMessage());
        copyEndToEnd(response.headers(), out.headers());
        out.end(body);
    }

    /** Copies every header of {@code from} but the hop-by-hop ones into {@code to}. */
    public static void copyEndToEnd(MultiMap from, MultiMap to) {
        from.forEach(header -> {
            if (!HOP_BY_HOP.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                to.add(header.getKey(), header.getValue());
            }
        });
    }
}
