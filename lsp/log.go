package lsp

import (
	"fmt"
	"time"

	"go.uber.org/zap/zapcore"
)

// Logger is the server's log: leveled entries with typed fields, one line
// each in the layout of zap's development console encoder
// (time, level, message, then the fields as JSON, tab-separated). It is
// built on zapcore alone: package zap itself imports net/http (for its HTTP
// level handler), and linking net/http, crypto/tls and the packages they
// bring costs every `tdls check` process their initialisation and its
// resident pages.
type Logger struct{ core zapcore.Core }

// NewLogger logs the entries at level and above to out.
func NewLogger(out zapcore.WriteSyncer, level zapcore.Level) *Logger {
	enc := zapcore.NewConsoleEncoder(zapcore.EncoderConfig{
		TimeKey:        "T",
		LevelKey:       "L",
		NameKey:        "N",
		CallerKey:      "C",
		FunctionKey:    zapcore.OmitKey,
		MessageKey:     "M",
		StacktraceKey:  "S",
		LineEnding:     zapcore.DefaultLineEnding,
		EncodeLevel:    zapcore.CapitalLevelEncoder,
		EncodeTime:     zapcore.ISO8601TimeEncoder,
		EncodeDuration: zapcore.StringDurationEncoder,
		EncodeCaller:   zapcore.ShortCallerEncoder,
	})
	return &Logger{core: zapcore.NewCore(enc, out, level)}
}

// noLogger logs nothing.
func noLogger() *Logger { return &Logger{core: zapcore.NewNopCore()} }

func (l *Logger) Debug(msg string, fields ...zapcore.Field) { l.log(zapcore.DebugLevel, msg, fields) }
func (l *Logger) Info(msg string, fields ...zapcore.Field)  { l.log(zapcore.InfoLevel, msg, fields) }
func (l *Logger) Warn(msg string, fields ...zapcore.Field)  { l.log(zapcore.WarnLevel, msg, fields) }
func (l *Logger) Error(msg string, fields ...zapcore.Field) { l.log(zapcore.ErrorLevel, msg, fields) }

// Sync flushes what the core buffers.
func (l *Logger) Sync() error { return l.core.Sync() }

func (l *Logger) log(lvl zapcore.Level, msg string, fields []zapcore.Field) {
	if ce := l.core.Check(zapcore.Entry{Level: lvl, Time: time.Now(), Message: msg}, nil); ce != nil {
		ce.Write(fields...)
	}
}

// The field constructors encode as zap's of the same names do.

func stringField(key, v string) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.StringType, String: v}
}

func intField(key string, v int) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.Int64Type, Integer: int64(v)}
}

func uint64Field(key string, v uint64) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.Uint64Type, Integer: int64(v)}
}

func durationField(key string, v time.Duration) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.DurationType, Integer: int64(v)}
}

func bytesField(key string, v []byte) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.ByteStringType, Interface: v}
}

func stringsField(key string, v []string) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.ArrayMarshalerType, Interface: stringArray(v)}
}

// ErrorField is err under the key "error"; a nil err adds nothing.
func ErrorField(err error) zapcore.Field {
	if err == nil {
		return zapcore.Field{Type: zapcore.SkipType}
	}
	return zapcore.Field{Key: "error", Type: zapcore.ErrorType, Interface: err}
}

// anyField is v as its dynamic type has it: an error's message, a string, a
// Stringer's String, else v as JSON.
func anyField(key string, v any) zapcore.Field {
	switch v := v.(type) {
	case error:
		return zapcore.Field{Key: key, Type: zapcore.ErrorType, Interface: v}
	case string:
		return stringField(key, v)
	case fmt.Stringer:
		return zapcore.Field{Key: key, Type: zapcore.StringerType, Interface: v}
	}
	return zapcore.Field{Key: key, Type: zapcore.ReflectType, Interface: v}
}

type stringArray []string

func (ss stringArray) MarshalLogArray(arr zapcore.ArrayEncoder) error {
	for _, s := range ss {
		arr.AppendString(s)
	}
	return nil
}
