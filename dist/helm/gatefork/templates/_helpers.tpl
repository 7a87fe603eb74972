{{/* Names, labels and the derived cluster settings of the gatefork chart. */}}

{{- define "gatefork.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* <release> when it already says gatefork, else <release>-gatefork */}}
{{- define "gatefork.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "gatefork.selectorLabels" -}}
app.kubernetes.io/name: {{ include "gatefork.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: zeebe-gateway
{{- end -}}

{{- define "gatefork.labels" -}}
{{ include "gatefork.selectorLabels" . }}
app.kubernetes.io/version: {{ include "gatefork.imageTag" . | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{- define "gatefork.imageTag" -}}
{{- .Values.image.tag | default .Chart.AppVersion -}}
{{- end -}}

{{- define "gatefork.image" -}}
{{- $repository := .Values.image.repository | required "image.repository is required" -}}
{{- if .Values.image.registry -}}
{{- printf "%s/%s:%s" .Values.image.registry $repository (include "gatefork.imageTag" .) -}}
{{- else -}}
{{- printf "%s:%s" $repository (include "gatefork.imageTag" .) -}}
{{- end -}}
{{- end -}}

{{/* the 8.8 chart's headless service: <release>-zeebe */}}
{{- define "gatefork.orchestrationService" -}}
{{- $o := .Values.orchestration -}}
{{- $name := $o.headlessService | default (printf "%s-zeebe" ($o.release | required "orchestration.release (or orchestration.headlessService) is required")) -}}
{{- if $o.namespace -}}
{{- printf "%s.%s.svc" $name $o.namespace -}}
{{- else -}}
{{- $name -}}
{{- end -}}
{{- end -}}

{{/* comma-separated, as ZEEBE_GATEWAY_CLUSTER_INITIALCONTACTPOINTS takes them */}}
{{- define "gatefork.initialContactPoints" -}}
{{- $o := .Values.orchestration -}}
{{- if $o.initialContactPoints -}}
{{- join "," $o.initialContactPoints -}}
{{- else -}}
{{- printf "%s:%v" (include "gatefork.orchestrationService" .) $o.internalPort -}}
{{- end -}}
{{- end -}}

{{/* the 8.8 chart's global.zeebeClusterName: <release>-zeebe */}}
{{- define "gatefork.clusterName" -}}
{{- $o := .Values.orchestration -}}
{{- $o.clusterName | default (printf "%s-zeebe" ($o.release | required "orchestration.release (or orchestration.clusterName) is required")) -}}
{{- end -}}

{{/*
application.yaml: the ports, then .Values.config merged over them (config wins).
*/}}
{{- define "gatefork.applicationYaml" -}}
{{- $ports := .Values.ports -}}
{{- $base := dict
  "server" (dict "address" "0.0.0.0" "port" $ports.rest)
  "management" (dict "server" (dict "address" "0.0.0.0" "port" $ports.management))
  "zeebe" (dict "gateway" (dict
    "network" (dict "host" "0.0.0.0" "port" $ports.grpc)
    "cluster" (dict "port" $ports.cluster)))
-}}
{{- toYaml (mustMergeOverwrite $base (deepCopy (.Values.config | default dict))) -}}
{{- end -}}
