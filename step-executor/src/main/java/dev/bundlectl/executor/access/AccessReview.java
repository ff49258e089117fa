package dev.bundlectl.executor.access;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Asks the API server, with one SelfSubjectAccessReview per distinct request, whether the
 * identity the connection acts as may make each request an operation needs. The server's own
 * authorizer answers, RBAC or whatever else the cluster runs: bundlectl never evaluates a rule
 * itself. The reviews are sent at once; nothing is written (a review is not stored).
 */
public final class AccessReview {

    private static final ApiResource SELF_SUBJECT_ACCESS_REVIEWS = new ApiResource("authorization.k8s.io", "v1",
            "SelfSubjectAccessReview", "selfsubjectaccessreviews", false);

    /** Every verb on every resource everywhere: what only a cluster admin is allowed. */
    private static final AccessRequest EVERYTHING = new AccessRequest("*", "*", "*", null, null);

    private final KubeApi api;

    /** Reviews through {@code api}, which should retry transient failures. */
    public AccessReview(KubeApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    /**
     * The server's answers for {@code needed}: the requests it denies, in the order given, and the
     * ones it could not be asked about (then the operation meets them as it would have without
     * this check). An identity allowed everything (a cluster admin) is told so by one review, and
     * nothing else is asked.
     */
    public Future<AccessAnswers> review(List<RequiredAccess> needed) {
        if (needed.isEmpty()) {
            return Future.succeededFuture(AccessAnswers.none());
        }
        return allowed(EVERYTHING).otherwise(false)
                .compose(everything -> everything ? Future.succeededFuture(AccessAnswers.none()) : reviewEach(needed));
    }

    private Future<AccessAnswers> reviewEach(List<RequiredAccess> needed) {
        Map<AccessRequest, Future<Boolean>> asked = new LinkedHashMap<>();
        for (RequiredAccess need : needed) {
            asked.computeIfAbsent(need.request(), this::allowed);
        }
        return Future.join(new ArrayList<>(asked.values())).transform(done -> {
            List<RequiredAccess> denied = new ArrayList<>();
            List<String> unanswered = new ArrayList<>();
            for (RequiredAccess need : needed) {
                Future<Boolean> answer = asked.get(need.request());
                if (answer.failed()) {
                    String why = need.request().describe() + ": " + ClientErrors.describe(answer.cause());
                    if (!unanswered.contains(why)) {
                        unanswered.add(why);
                    }
                } else if (!answer.result() && denied.stream().noneMatch(d -> d.request().equals(need.request()))) {
                    denied.add(need);
                }
            }
            return Future.succeededFuture(new AccessAnswers(denied, unanswered));
        });
    }

    private Future<Boolean> allowed(AccessRequest request) {
        ObjectNode review = JsonNodeFactory.instance.objectNode();
        review.put("apiVersion", "authorization.k8s.io/v1").put("kind", "SelfSubjectAccessReview");
        ObjectNode attributes = review.putObject("spec").putObject("resourceAttributes");
        attributes.put("verb", request.verb()).put("group", request.group()).put("resource", request.resource());
        if (request.namespace() != null) {
            attributes.put("namespace", request.namespace());
        }
        if (request.name() != null) {
            attributes.put("name", request.name());
        }
        return api.create(SELF_SUBJECT_ACCESS_REVIEWS, null, review, false)
                .map(answer -> answer.path("status").path("allowed").asBoolean(false));
    }

    /**
     * What the server said.
     *
     * @param denied the requests it does not allow, each once
     * @param unanswered the requests it could not be asked about, each with why
     */
    public record AccessAnswers(List<RequiredAccess> denied, List<String> unanswered) {
        public AccessAnswers {
            denied = List.copyOf(denied);
            unanswered = List.copyOf(unanswered);
        }

        /** Nothing was asked, so nothing is denied. */
        public static AccessAnswers none() {
            return new AccessAnswers(List.of(), List.of());
        }

        /** Both answers together. */
        public AccessAnswers and(AccessAnswers other) {
            List<RequiredAccess> allDenied = new ArrayList<>(denied);
            other.denied.stream().filter(need -> allDenied.stream().noneMatch(d -> d.request().equals(need.request())))
                    .forEach(allDenied::add);
            List<String> allUnanswered = new ArrayList<>(unanswered);
            other.unanswered.stream().filter(why -> !allUnanswered.contains(why)).forEach(allUnanswered::add);
            return new AccessAnswers(allDenied, allUnanswered);
        }
    }
}
