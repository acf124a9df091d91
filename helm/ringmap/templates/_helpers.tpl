{{/*
Chart name, truncated to the 63 characters Kubernetes allows in names.
*/}}
{{- define "ringmap.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Fully qualified app name; the release name alone when it already contains the chart name.
*/}}
{{- define "ringmap.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "ringmap.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Common labels.
*/}}
{{- define "ringmap.labels" -}}
helm.sh/chart: {{ include "ringmap.chart" . }}
{{ include "ringmap.selectorLabels" . }}
app.kubernetes.io/version: {{ include "ringmap.imageTag" . | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: ringmap
{{- end }}

{{/*
Selector labels (immutable once deployed).
*/}}
{{- define "ringmap.selectorLabels" -}}
app.kubernetes.io/name: {{ include "ringmap.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "ringmap.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "ringmap.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/*
Image tag, defaulting to the chart's appVersion.
*/}}
{{- define "ringmap.imageTag" -}}
{{- .Values.image.tag | default .Chart.AppVersion }}
{{- end }}

{{/*
Image reference: repository:tag, or repository:tag@digest when image.digest is set (the digest decides what is pulled).
*/}}
{{- define "ringmap.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s:%s@%s" .Values.image.repository (include "ringmap.imageTag" .) .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (include "ringmap.imageTag" .) }}
{{- end }}
{{- end }}

{{/*
The API's in-cluster URL.
*/}}
{{- define "ringmap.inClusterUrl" -}}
{{- printf "http://%s.%s.svc.%s:%v" (include "ringmap.fullname" .) .Release.Namespace .Values.clusterDomain .Values.service.port }}
{{- end }}

{{/*
Render-time checks of values that would otherwise start a pod that refuses to start or a cluster that cannot drain.
*/}}
{{- define "ringmap.validate" -}}
{{- if not .Values.image.repository }}
{{- fail "image.repository is required: ringmap publishes no image; build it from the project's Dockerfile, push it to your registry and set e.g. --set image.repository=registry.example.com/ringmap" }}
{{- end }}
{{- $security := .Values.security }}
{{- if and (eq $security.mode "api-key") (not $security.apiKeys.existingSecret) }}
{{- fail "security.mode api-key needs security.apiKeys.existingSecret: the name of a Secret whose items are ringmap.security.api-keys.<name>.key and .scopes" }}
{{- end }}
{{- if and (eq $security.mode "jwt") (not $security.jwt.issuerUri) (not $security.jwt.jwkSetUri) }}
{{- fail "security.mode jwt needs security.jwt.issuerUri or security.jwt.jwkSetUri: where the token signing keys come from" }}
{{- end }}
{{- $jmx := .Values.config.sizes.jmx }}
{{- if and $jmx.existingSecret (not $jmx.enabled) }}
{{- fail "config.sizes.jmx.existingSecret (JMX credentials) needs config.sizes.jmx.enabled" }}
{{- end }}
{{- if and .Values.auth.enabled (not .Values.auth.existingSecret) }}
{{- fail "auth.enabled needs auth.existingSecret: the name of a Secret holding the Cassandra username and password" }}
{{- end }}
{{- if and .Values.tls.enabled (not .Values.tls.truststore.existingSecret) }}
{{- fail "tls.enabled needs tls.truststore.existingSecret: the name of a Secret holding the truststore" }}
{{- end }}
{{- if and .Values.tls.keystore.existingSecret (not .Values.tls.enabled) }}
{{- fail "tls.keystore.existingSecret (mutual TLS) needs tls.enabled" }}
{{- end }}
{{- if and .Values.config.cassandra.contactPoints (not .Values.config.cassandra.localDatacenter) }}
{{- fail "config.cassandra.contactPoints needs config.cassandra.localDatacenter" }}
{{- end }}
{{- $exportKey := include "ringmap.exportKey" . }}
{{- if and .Values.config.hotkeys.enabled (ne $security.mode "none") (eq $exportKey "plain") }}
{{- fail (printf "config.hotkeys.exportKey plain with security.mode %s would put clear keys in the open /actuator/prometheus (the service refuses to start so): leave exportKey empty (hash in this mode) and set config.hotkeys.salt.existingSecret" $security.mode) }}
{{- end }}
{{- if and (eq $exportKey "hash") (not .Values.config.hotkeys.salt.existingSecret) }}
{{- fail (printf "config.hotkeys.exportKey hash%s needs config.hotkeys.salt.existingSecret: the name of a Secret holding the HMAC salt (the service refuses to start without one)" (ternary "" (printf " (the export of security.mode %s)" $security.mode) (eq .Values.config.hotkeys.exportKey "hash"))) }}
{{- end }}
{{- $pdb := .Values.podDisruptionBudget }}
{{- if and $pdb.enabled (not $pdb.maxUnavailable) (not (kindIs "string" $pdb.minAvailable)) }}
{{- $replicas := ternary .Values.autoscaling.minReplicas .Values.replicaCount .Values.autoscaling.enabled }}
{{- if ge (int $pdb.minAvailable) (int $replicas) }}
{{- fail (printf "podDisruptionBudget.minAvailable %v with %v replica(s) would block every node drain: lower it or set maxUnavailable" $pdb.minAvailable $replicas) }}
{{- end }}
{{- end }}
{{- end }}

{{/*
How hot keys leave the pod (ringmap.hotkeys.export-key): config.hotkeys.exportKey when set; otherwise hash in the
caller-authentication modes (api-key, jwt), where clear keys must not reach the open /actuator/prometheus, and plain
in mode none.
*/}}
{{- define "ringmap.exportKey" -}}
{{- $h := .Values.config.hotkeys -}}
{{- if $h.exportKey -}}
{{- $h.exportKey -}}
{{- else if and $h.enabled (ne .Values.security.mode "none") -}}
hash
{{- else -}}
plain
{{- end -}}
{{- end }}

{{/*
Pod anti-affinity preset (podAntiAffinity soft|hard) unless affinity is given.
*/}}
{{- define "ringmap.affinity" -}}
{{- if .Values.affinity }}
{{- toYaml .Values.affinity }}
{{- else if eq .Values.podAntiAffinity "soft" }}
podAntiAffinity:
  preferredDuringSchedulingIgnoredDuringExecution:
    - weight: 100
      podAffinityTerm:
        topologyKey: {{ .Values.podAntiAffinityTopologyKey }}
        labelSelector:
          matchLabels:
            {{- include "ringmap.selectorLabels" . | nindent 12 }}
{{- else if eq .Values.podAntiAffinity "hard" }}
podAntiAffinity:
  requiredDuringSchedulingIgnoredDuringExecution:
    - topologyKey: {{ .Values.podAntiAffinityTopologyKey }}
      labelSelector:
        matchLabels:
          {{- include "ringmap.selectorLabels" . | nindent 10 }}
{{- end }}
{{- end }}

{{/*
Where the pod mounts the ConfigMap; Spring reads it through SPRING_CONFIG_ADDITIONAL_LOCATION.
*/}}
{{- define "ringmap.configDir" -}}
{{- .Values.configMountPath }}
{{- end }}

{{/*
The application.yaml the pod mounts at configMountPath (Spring Boot property names, see src/main/resources/application.yaml).
*/}}
{{- define "ringmap.applicationConfig" -}}
{{- $c := .Values.config -}}
ringmap:
  topology:
    {{- if $c.topology.inline }}
    file: {{ printf "file:%s/topology.yaml" (include "ringmap.configDir" .) | quote }}
    {{- else if $c.topology.file }}
    file: {{ $c.topology.file | quote }}
    {{- end }}
    refresh-interval: {{ $c.topology.refreshInterval | quote }}
    {{- with $c.topology.keyspaces }}
    keyspaces:
      {{- toYaml . | nindent 6 }}
    {{- end }}
  api:
    max-batch-size: {{ $c.api.maxBatchSize }}
  {{- with $c.metrics.cluster }}
  metrics:
    cluster: {{ . | quote }}
  {{- end }}
  hotkeys:
    enabled: {{ $c.hotkeys.enabled }}
    top-k: {{ $c.hotkeys.topK }}
    export-key: {{ include "ringmap.exportKey" . | quote }}
  {{- if include "ringmap.peersActive" . }}
  peers:
    dns: {{ printf "%s.%s.svc.%s:%v" (include "ringmap.peersService" .) .Release.Namespace .Values.clusterDomain .Values.service.managementPort | quote }}
    timeout: {{ .Values.peers.timeout | quote }}
    refresh-interval: {{ .Values.peers.refreshInterval | quote }}
    {{- if .Values.peers.tls.existingSecret }}
    tls:
      bundle: peers
      server-name: {{ include "ringmap.peersServerName" . | quote }}
    {{- else }}
    allow-plain-http: true
    {{- end }}
  {{- end }}
  {{- if $c.sizes.jmx.enabled }}
  sizes:
    jmx:
      enabled: true
      port: {{ $c.sizes.jmx.port }}
      ssl: {{ $c.sizes.jmx.ssl }}
  {{- end }}
  {{- $security := .Values.security }}
  {{- if ne $security.mode "none" }}
  security:
    mode: {{ $security.mode | quote }}
    read-scope: {{ $security.readScope | quote }}
    hits-scope: {{ $security.hitsScope | quote }}
    anonymous-reads: {{ $security.anonymousReads }}
    {{- if eq $security.mode "api-key" }}
    api-key-header: {{ $security.apiKeys.header | quote }}
    {{- end }}
  {{- end }}
{{- if or $c.cassandra.contactPoints .Values.tls.enabled (ne $security.mode "none") }}
spring:
  {{- if eq $security.mode "api-key" }}
  config:
    # the API keys Secret, one file per property (a missing mount fails the start instead of serving unprotected)
    import:
      - {{ printf "configtree:%s/" (trimSuffix "/" $security.apiKeys.mountPath) | quote }}
  {{- end }}
  {{- if eq $security.mode "jwt" }}
  security:
    oauth2:
      resourceserver:
        jwt:
          {{- with $security.jwt.issuerUri }}
          issuer-uri: {{ . | quote }}
          {{- end }}
          {{- with $security.jwt.jwkSetUri }}
          jwk-set-uri: {{ . | quote }}
          {{- end }}
          {{- with $security.jwt.audiences }}
          audiences:
            {{- toYaml . | nindent 12 }}
          {{- end }}
  {{- end }}
  {{- with $c.cassandra.contactPoints }}
  cassandra:
    contact-points:
      {{- toYaml . | nindent 6 }}
    {{- with $c.cassandra.localDatacenter }}
    local-datacenter: {{ . | quote }}
    {{- end }}
    {{- if $.Values.tls.enabled }}
    ssl:
      enabled: true
      bundle: cassandra
    {{- end }}
  {{- end }}
  {{- if .Values.tls.enabled }}
  ssl:
    bundle:
      jks:
        cassandra:
          truststore:
            location: {{ printf "file:%s/%s" (trimSuffix "/" .Values.tls.mountPath) .Values.tls.truststore.key | quote }}
            type: {{ .Values.tls.truststore.type | quote }}
          {{- if .Values.tls.keystore.existingSecret }}
          keystore:
            location: {{ printf "file:%s/%s" (trimSuffix "/" .Values.tls.mountPath) .Values.tls.keystore.key | quote }}
            type: {{ .Values.tls.keystore.type | quote }}
          {{- end }}
  {{- end }}
{{- end }}
{{- end }}

{{/*
The port of the JWT issuer's URL (jwkSetUri when set, else issuerUri): its explicit port, else 443 for https and 80
for http.
*/}}
{{- define "ringmap.jwtIssuerPort" -}}
{{- $url := urlParse (.Values.security.jwt.jwkSetUri | default .Values.security.jwt.issuerUri) }}
{{- $hostPort := splitList ":" $url.host }}
{{- if gt (len $hostPort) 1 }}
{{- last $hostPort }}
{{- else if eq $url.scheme "http" }}
{{- 80 }}
{{- else }}
{{- 443 }}
{{- end }}
{{- end }}

{{/* The headless Service that lists the release's ready pods for ringmap.peers.dns. */}}
{{- define "ringmap.peersService" -}}
{{- printf "%s-peers" (include "ringmap.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end }}

{{/*
Peers are on when enabled, a peer secret is given, and the pods ask each other over https or plain http is allowed
("true" or empty).
*/}}
{{- define "ringmap.peersActive" -}}
{{- if and .Values.peers.enabled .Values.peers.secret.existingSecret (or .Values.peers.tls.existingSecret .Values.peers.allowPlainHttp) -}}
true
{{- end -}}
{{- end }}

{{/* Whether the management port serves the peers' certificate (https), "true" or empty. */}}
{{- define "ringmap.peersTls" -}}
{{- if and (include "ringmap.peersActive" .) .Values.peers.tls.existingSecret -}}
true
{{- end -}}
{{- end }}

{{/* The DNS name every pod's certificate must carry. */}}
{{- define "ringmap.peersServerName" -}}
{{- .Values.peers.tls.serverName | default (printf "%s.%s.svc" (include "ringmap.peersService" .) .Release.Namespace) -}}
{{- end }}
