package io.gatefork.service.testing;

import io.gatefork.service.RequestContext;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A fake of any service interface whose methods return futures: every method is a {@link
 * ScriptedAnswer} keyed by its name, recording the arguments and answering what the test scripted
 * (by default a future that never completes), handed over by the {@link FakeDelivery} (the call's
 * context is its {@link RequestContext} argument).
 */
public final class ProxyFake<T> {
  private final Class<T> type;
  private final T service;
  private final Map<String, ScriptedAnswer<List<Object>, Object>> answers =
      new ConcurrentHashMap<>();

  /** Answers as scripted. */
  public ProxyFake(final Class<T> type) {
    this(type, new FakeDelivery());
  }

  public ProxyFake(final Class<T> type, final FakeDelivery delivery) {
    this.type = type;
    service =
        type.cast(
            Proxy.newProxyInstance(
                type.getClassLoader(),
                new Class<?>[] {type},
                (proxy, method, args) -> {
                  if (method.getDeclaringClass() == Object.class) {
                    return switch (method.getName()) {
                      case "equals" -> proxy == args[0];
                      case "hashCode" -> System.identityHashCode(proxy);
                      default -> "ProxyFake[" + type.getSimpleName() + "]";
                    };
                  }
                  final List<Object> arguments = args == null ? List.of() : Arrays.asList(args);
                  return delivery.deliver(
                      contextOf(arguments), on(method.getName()).answer(arguments));
                }));
  }

  public T service() {
    return service;
  }

  /** The scripted answer of the method with this name. */
  public ScriptedAnswer<List<Object>, Object> on(final String method) {
    return answers.computeIfAbsent(method, name -> new ScriptedAnswer<>());
  }

  /** Scripts every method of the interface to succeed with the value the function gives. */
  public void succeedAll(final Function<Method, Object> value) {
    for (final Method method : type.getMethods()) {
      on(method.getName()).succeedWith(value.apply(method));
    }
  }

  /** Scripts every method of the interface to fail. */
  public void failAll(final Throwable failure) {
    for (final Method method : type.getMethods()) {
      on(method.getName()).failWith(failure);
    }
  }

  private static RequestContext contextOf(final List<Object> arguments) {
    for (final Object argument : arguments) {
      if (argument instanceof final RequestContext context) {
        return context;
      }
    }
    return null;
  }

  int calls() {
    return answers.values().stream().mapToInt(ScriptedAnswer::count).sum();
  }

  void reset() {
    answers.values().forEach(ScriptedAnswer::reset);
  }
}
