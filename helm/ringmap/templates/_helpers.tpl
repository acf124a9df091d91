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
{{- if and (eq .Values.config.hotkeys.exportKey "hash") (not .Values.config.hotkeys.salt.existingSecret) }}
{{- fail "config.hotkeys.exportKey hash needs config.hotkeys.salt.existingSecret: the name of a Secret holding the HMAC salt (the service refuses to start without one)" }}
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
  hotkeys:
    enabled: {{ $c.hotkeys.enabled }}
    top-k: {{ $c.hotkeys.topK }}
    export-key: {{ $c.hotkeys.exportKey | quote }}
{{- if or $c.cassandra.contactPoints .Values.tls.enabled }}
spring:
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
