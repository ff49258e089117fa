package dev.bundlectl.executor.testing;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.connect.ClusterConnection;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.internal.SimpleRequest;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.vertx.core.VertxOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * fabric8's mock API server in CRUD mode, with scripted discovery for the built-in groups, an
 * "apiextensions controller" that reports CRDs as Established and NamesAccepted (the mock never
 * sets conditions), and a log of every request. Scripted answers ({@link #server()}'s
 * {@code expect()}) take precedence over the CRUD store.
 */
public final class MockCluster implements AutoCloseable {

    private static final String APPLY_PATCH = "application/apply-patch+yaml";
    private static final String JSON_PATCH = "application/json-patch+json";
    private static final Pattern CRD_OBJECT =
            Pattern.compile("/apis/apiextensions\\.k8s\\.io/v1/customresourcedefinitions/[^/?]+");

    /**
     * One request the server received, and the status code it answered; {@code impersonation} holds
     * its {@code Impersonate-*} headers by name, each with its values in order.
     */
    public record Request(String method, String path, String body, String authorization, int code,
            Map<String, List<String>> impersonation) {
    }

    private final KubernetesMockServer server;
    private final Behaviour behaviour;
    private final List<ClusterConnection> connections = new ArrayList<>();
    private final Map<ServerRequest, Queue<ServerResponse>> responses;
    private String apis;

    private MockCluster() {
        this(DiscoveryDocuments.builtIn());
    }

    private MockCluster(Map<String, String> discovery) {
        responses = new HashMap<>();
        behaviour = new Behaviour(new KubernetesMixedDispatcher(responses), responses);
        server = new KubernetesMockServer(new Context(), new MockWebServer(), responses, behaviour, false);
        server.init();
        apis = discovery.get("/apis");
        discovery.forEach((path, document) ->
                server.expect().get().withPath(path).andReturn(200, document).always());
    }

    /**
     * Serves one more group/version: its resource list (each resource {@code plural:Kind:namespaced}),
     * and its group in {@code /apis}, as a real server lists every group it serves.
     */
    public MockCluster serveGroupVersion(String groupVersion, String... resources) {
        server.expect().get().withPath("/apis/" + groupVersion)
                .andReturn(200, DiscoveryDocuments.resources(groupVersion, resources)).always();
        synchronized (responses) {
            apis = DiscoveryDocuments.withGroupVersion(apis, groupVersion);
            responses.remove(new SimpleRequest(HttpMethod.GET, "/apis"));
            server.expect().get().withPath("/apis").andReturn(200, apis).always();
        }
        return this;
    }

    public static MockCluster start() {
        return new MockCluster();
    }

    /** A cluster without OLM's API (and with {@code apps/v1}), for render mode. */
    public static MockCluster startWithoutOlm() {
        return new MockCluster(DiscoveryDocuments.withoutOlm());
    }

    public KubernetesMockServer server() {
        return server;
    }

    /** CRDs stay without conditions, as if the apiextensions controller never ran. */
    public MockCluster crdsNeverEstablish() {
        behaviour.establish = false;
        return this;
    }

    /** CRDs become Established but their names are rejected. */
    public MockCluster crdNamesRejected(String reason) {
        behaviour.namesRejectedReason = reason;
        return this;
    }

    /** A new connection; closed with the cluster. */
    public ClusterConnection connect() {
        return connect(new VertxOptions());
    }

    /** A new connection on a Vert.x instance with these options; closed with the cluster. */
    public ClusterConnection connect(VertxOptions options) {
        ClusterConnection connection = ClusterConnection.connect(config(), Duration.ofSeconds(10), options);
        connections.add(connection);
        return connection;
    }

    /** A fabric8 config for this server with a static token. */
    public Config config() {
        return new ConfigBuilder()
                .withMasterUrl(server.url("/"))
                .withNamespace(Manifests.NS)
                .withOauthToken("test-token")
                .build();
    }

    /** The server's URL. */
    public String url() {
        return server.url("/");
    }

    public List<Request> requests() {
        synchronized (behaviour.log) {
            return List.copyOf(behaviour.log);
        }
    }

    /**
     * The requests of this method under this path, dry runs left out: what the server was asked to
     * do, not what a preflight asked it to judge.
     */
    public List<Request> requests(String method, String pathPrefix) {
        return requests().stream()
                .filter(request -> request.method().equals(method) && request.path().startsWith(pathPrefix))
                .filter(request -> !request.path().contains("dryRun=All"))
                .toList();
    }

    /** The requests that changed (or would have changed) the store: not reads, not dry runs. */
    public List<Request> writes() {
        return requests().stream().filter(request -> !request.method().equals("GET"))
                .filter(request -> !request.path().contains("dryRun=All")).toList();
    }

    /** The dry-run writes (the preflight's, or {@code --dry-run=server}'s), in arrival order. */
    public List<Request> dryRuns() {
        return requests().stream().filter(request -> request.path().contains("dryRun=All")).toList();
    }

    /** The {@code metadata.name} of every object whose creation was requested (POST), in arrival order. */
    public List<String> createdNames() {
        return createdNames(request -> true);
    }

    private static String objectName(Request write) {
        return Manifests.read(write.body()).path("metadata").path("name").asText();
    }

    /** Whether a PATCH is a JSON patch (an owner list's write, a managedFields rewrite) rather than an apply. */
    private static boolean jsonPatch(Request request) {
        return request.method().equals("PATCH") && request.body() != null && request.body().stripLeading().startsWith("[");
    }

    /**
     * The names of the objects written, in the order they were sent: every create (POST) and
     * every server-side apply (PATCH), whatever the answer; not the JSON patches that write owner
     * lists after an apply.
     */
    public List<String> writtenNames(Predicate<Request> which) {
        return writes().stream()
                .filter(request -> request.method().equals("POST") || request.method().equals("PATCH"))
                .filter(request -> !jsonPatch(request))
                .filter(which)
                .map(MockCluster::objectName)
                .toList();
    }

    /**
     * The same, only for the requests {@code which} accepts: every POST, and every server-side apply
     * (PATCH) that the server answered 201 Created.
     */
    public List<String> createdNames(Predicate<Request> which) {
        return writes().stream()
                .filter(request -> request.method().equals("POST")
                        || (request.method().equals("PATCH") && request.code() == 201))
                .filter(which)
                .map(MockCluster::objectName)
                .toList();
    }

    public void clearRequests() {
        synchronized (behaviour.log) {
            behaviour.log.clear();
        }
    }

    @Override
    public void close() {
        connections.forEach(ClusterConnection::close);
        server.destroy();
    }

    /** Logs requests, and adds CRD conditions to CRD reads the way the apiextensions controller would. */
    private static final class Behaviour extends Dispatcher {
        private final Dispatcher delegate;
        private final Map<ServerRequest, Queue<ServerResponse>> scripted;
        private final List<Request> log = new ArrayList<>();
        private volatile boolean establish = true;
        private volatile String namesRejectedReason;

        Behaviour(Dispatcher delegate, Map<ServerRequest, Queue<ServerResponse>> scripted) {
            this.delegate = delegate;
            this.scripted = scripted;
        }

        private static Map<String, List<String>> impersonation(RecordedRequest request) {
            Map<String, List<String>> found = new java.util.TreeMap<>();
            request.getHeaders().toMultimap().forEach((name, values) -> {
                if (name.toLowerCase(java.util.Locale.ROOT).startsWith("impersonate-")) {
                    found.put(name.toLowerCase(java.util.Locale.ROOT), List.copyOf(values));
                }
            });
            return found;
        }

        @Override
        public MockResponse dispatch(RecordedRequest request) {
            String body = request.getBody() == null || request.getBody().getBytes() == null
                    ? ""
                    : new String(request.getBody().getBytes(), StandardCharsets.UTF_8);
            MockResponse response;
            if (isServerSideApply(request) && !isScripted(request)) {
                response = serverSideApply(request, body);
            } else if (isDryRun(request) && !"PATCH".equals(request.getMethod())) {
                response = dryRunAnswer(request, body);
            } else if (isJsonPatch(request)) {
                response = answerJsonPatch(request);
            } else {
                response = delegate.dispatch(request);
            }
            synchronized (log) {
                log.add(new Request(request.getMethod(), request.getPath(), body, request.getHeader("Authorization"),
                        response.code(), impersonation(request)));
            }
            if ("GET".equals(request.getMethod()) && CRD_OBJECT.matcher(request.getPath()).matches()
                    && response.code() == 200 && establish) {
                return withConditions(response);
            }
            return response;
        }

        private static boolean isJsonPatch(RecordedRequest request) {
            String type = request.getHeader("Content-Type");
            return "PATCH".equals(request.getMethod()) && type != null && type.startsWith(JSON_PATCH);
        }

        /**
         * The CRUD store throws when a JSON patch cannot be applied (a failed {@code test}, a path
         * that is not there), and the mock web server then never answers: the client waits out its
         * timeout, where kube-apiserver answers 422 at once. Here it answers as kube-apiserver does,
         * so that a test of the resourceVersion that another write beat is retried on a fresh read,
         * as it is on a real cluster.
         */
        private MockResponse answerJsonPatch(RecordedRequest request) {
            try {
                return delegate.dispatch(request);
            } catch (RuntimeException unapplicable) {
                ObjectNode status = JsonNodeFactory.instance.objectNode();
                status.put("kind", "Status").put("apiVersion", "v1").put("status", "Failure").put("reason", "Invalid")
                        .put("code", 422).put("message", String.valueOf(unapplicable.getMessage()));
                return new MockResponse().setResponseCode(422).setBody(Manifests.write(status));
            }
        }

        private boolean isScripted(RecordedRequest request) {
            Queue<ServerResponse> answers = scripted.get(new SimpleRequest(HttpMethod.PATCH, request.getPath()));
            return answers != null && !answers.isEmpty();
        }

        private static boolean isDryRun(RecordedRequest request) {
            String path = request.getPath();
            return path != null && path.contains("dryRun=All");
        }

        /**
         * The CRUD store ignores {@code dryRun}: a dry-run create, update or delete is answered as the
         * real server answers it (201 or 409 AlreadyExists, 200) and changes nothing.
         */
        private MockResponse dryRunAnswer(RecordedRequest request, String body) {
            String path = request.getPath();
            String objectPath = path.substring(0, path.indexOf('?'));
            if (!"POST".equals(request.getMethod())) {
                return new MockResponse().setResponseCode(200).setBody(body.isEmpty() ? "{}" : body);
            }
            String name = Manifests.read(body).path("metadata").path("name").asText();
            MockResponse stored = delegate.dispatch(rewritten(request, HttpMethod.GET, objectPath + "/" + name,
                    "application/json", ""));
            if (stored.code() == 200) {
                return new MockResponse().setResponseCode(409).setBody("{\"kind\":\"Status\",\"apiVersion\":\"v1\","
                        + "\"status\":\"Failure\",\"reason\":\"AlreadyExists\",\"code\":409,\"message\":\""
                        + name + " already exists\"}");
            }
            return new MockResponse().setResponseCode(201).setBody(body);
        }

        private static boolean isServerSideApply(RecordedRequest request) {
            String type = request.getHeader("Content-Type");
            return "PATCH".equals(request.getMethod()) && type != null && type.startsWith(APPLY_PATCH);
        }

        /**
         * The CRUD store knows no server-side apply: it answers 415 for an existing object and 404
         * for an absent one, where a real API server merges or creates. Stand-in: the applied object
         * deep-merged over the stored one (objects merged, lists replaced: close to apply for the
         * fields bundlectl owns) and PUT back, answered 200; else a POST of the same body to the
         * collection, answered 201 as the real server does. Scripted answers for the PATCH are left
         * to the scripts. The store has already consumed the request's body, hence {@code body}.
         */
        private MockResponse serverSideApply(RecordedRequest apply, String body) {
            String path = apply.getPath();
            int query = path.indexOf('?');
            String objectPath = query < 0 ? path : path.substring(0, query);
            // A dry run is answered as the real server answers it, and nothing is stored.
            boolean dryRun = query >= 0 && path.substring(query).contains("dryRun=All");
            MockResponse stored = delegate.dispatch(rewritten(apply, HttpMethod.GET, objectPath, "application/json", ""));
            if (stored.code() == 200) {
                ObjectNode merged = Manifests.read(new String(stored.getBody().getBytes(), StandardCharsets.UTF_8));
                mergeInto(merged, Manifests.read(body));
                return dryRun ? new MockResponse().setResponseCode(200).setBody(Manifests.write(merged))
                        : delegate.dispatch(rewritten(apply, HttpMethod.PUT, objectPath, "application/json",
                                Manifests.write(merged)));
            }
            if (dryRun) {
                return new MockResponse().setResponseCode(201).setBody(body);
            }
            String collection = objectPath.substring(0, objectPath.lastIndexOf('/'));
            return delegate.dispatch(rewritten(apply, HttpMethod.POST, collection, "application/json", body));
        }

        private static void mergeInto(ObjectNode target, ObjectNode applied) {
            applied.fields().forEachRemaining(field -> {
                if (field.getValue() instanceof ObjectNode nested && target.get(field.getKey()) instanceof ObjectNode into) {
                    mergeInto(into, nested);
                } else {
                    target.set(field.getKey(), field.getValue().deepCopy());
                }
            });
        }

        private static RecordedRequest rewritten(RecordedRequest request, HttpMethod method, String path,
                String contentType, String body) {
            return new RecordedRequest(request.getHttpVersion(), method, path,
                    Headers.builder().add("Content-Type", contentType).build(),
                    new Buffer(body.getBytes(StandardCharsets.UTF_8)));
        }

        private MockResponse withConditions(MockResponse response) {
            ObjectNode crd = Manifests.read(new String(response.getBody().getBytes(), StandardCharsets.UTF_8));
            ObjectNode status = crd.has("status") ? (ObjectNode) crd.get("status") : crd.putObject("status");
            ArrayNode conditions = status.putArray("conditions");
            conditions.addObject().put("type", "Established").put("status", "True").put("reason", "InitialNamesAccepted");
            if (namesRejectedReason == null) {
                conditions.addObject().put("type", "NamesAccepted").put("status", "True").put("reason", "NoConflicts");
            } else {
                conditions.addObject().put("type", "NamesAccepted").put("status", "False")
                        .put("reason", namesRejectedReason).put("message", "plural name is already in use");
            }
            return new MockResponse().setResponseCode(200).setBody(Manifests.write(crd));
        }

        @Override
        public void shutdown() {
            delegate.shutdown();
        }
    }
}
