package io.gatefork.bench.config;

import java.util.Map;

/**
 * One gateway configuration under test: a name, what it stands for, and the environment the gateway
 * container gets (stock Spring relaxed-binding variables, nothing image-specific).
 */
public record Mode(String name, String description, Map<String, String> env) {}
