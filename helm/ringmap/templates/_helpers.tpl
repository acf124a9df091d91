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

{{- define "ringmap.image" -}}
{{- printf "%s:%s" .Values.image.repository (include "ringmap.imageTag" .) }}
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
  {{- end }}
{{- end }}
{{- end }}
