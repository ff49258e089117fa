package dev.bundlectl.cluster.connect;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.utils.ImpersonatorInterceptor;
import java.nio.charset.StandardCharsets;

/**
 * Puts an {@link Impersonation} on every request of a fabric8 HTTP client, in the API server's
 * headers ({@code Impersonate-User}, {@code -Group}, {@code -Uid}, {@code -Extra-*}). It takes the
 * place of fabric8's own interceptor, which knows neither a uid nor how the server wants an extra
 * field's key escaped, and which reads one configuration for the whole client, where the controller
 * acts as a different identity per install over one shared pool of connections.
 */
final class ImpersonationHeaders implements Interceptor {

    /** The name fabric8 registers its own impersonation under, which this one replaces. */
    static final String NAME = ImpersonatorInterceptor.NAME;

    private static final String EXTRA_PREFIX = "Impersonate-Extra-";
    // RFC 7230 token characters, as client-go leaves them unescaped in an extra field's header name;
    // '%' is the escape itself.
    private static final String TOKEN_PUNCTUATION = "!#$&'*+-.^_`|~";

    private final Impersonation who;

    private ImpersonationHeaders(Impersonation who) {
        this.who = who;
    }

    /** {@code builder} with every request it makes acting as {@code who} (none: as the credentials). */
    static <B extends HttpClient.DerivedClientBuilder> B install(B builder, Impersonation who) {
        builder.addOrReplaceInterceptor(NAME, new ImpersonationHeaders(who));
        return builder;
    }

    @Override
    public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
        if (who.none()) {
            return;
        }
        builder.header("Impersonate-User", who.user());
        who.groups().forEach(group -> builder.header("Impersonate-Group", group));
        if (who.uid() != null) {
            builder.header("Impersonate-Uid", who.uid());
        }
        who.extra().forEach((key, values) -> values.forEach(value -> builder.header(EXTRA_PREFIX + escapeKey(key), value)));
    }

    /**
     * An extra field's key as a header name: its UTF-8 bytes, each that is not a token character
     * (or is {@code %}) written {@code %XX}, which the API server decodes.
     */
    static String escapeKey(String key) {
        StringBuilder escaped = new StringBuilder();
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            boolean token = c < 0x80 && (Character.isLetterOrDigit(c) || TOKEN_PUNCTUATION.indexOf(c) >= 0);
            if (token) {
                escaped.append((char) c);
            } else {
                escaped.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return escaped.toString();
    }
}
