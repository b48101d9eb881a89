// Package pubsub is an in-process publish/subscribe broker with topics.
package pubsub

import (
	"errors"
	"sync"
)

// ErrClosed is returned by operations on a closed broker.
var ErrClosed = errors.New("pubsub: broker closed")

// Message is one published message.
type Message struct {
	Topic   string
	Payload []byte
}

// Subscription receives the messages of one topic on C. A slow
// subscriber loses messages rather than blocking publishers.
type Subscription struct {
	C       <-chan Message
	ch      chan Message
	topic   string
	id      uint64
	dropped int
}

// Broker fans messages out to the subscribers of their topic.
type Broker struct {
	mu     sync.RWMutex
	subs   map[string][]*Subscription
	nextID uint64
	closed bool
	buf    int
}

// NewBroker returns a broker whose subscriptions buffer up to buf messages.
func NewBroker(buf int) *Broker {
	if buf < 1 {
		buf = 1
	}
	return &Broker{subs: make(map[string][]*Subscription), buf: buf}
}

// Subscribe returns a new subscription to topic.
func (b *Broker) Subscribe(topic string) (*Subscription, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil, ErrClosed
	}
	b.nextID++
	ch := make(chan Message, b.buf)
	s := &Subscription{C: ch, ch: ch, topic: topic, id: b.nextID}
	b.subs[topic] = append(b.subs[topic], s)
	return s, nil
}

// Unsubscribe removes s from its topic. Its channel is left open so that
// readers that are still draining it are not surprised; it simply stops
// receiving. Unsubscribing twice is harmless.
func (b *Broker) Unsubscribe(s *Subscription) {
	b.mu.Lock()
	defer b.mu.Unlock()
	list := b.subs[s.topic]
	for i, x := range list {
		if x.id == s.id {
			list = append(list[:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(b.subs, s.topic)
		return
	}
	b.subs[s.topic] = list
}

// Publish sends payload to every subscriber of topic and returns how many
// received it.
func (b *Broker) Publish(topic string, payload []byte) (int, error) {
	b.mu.RLock()
	if b.closed {
		b.mu.RUnlock()
		return 0, ErrClosed
	}
	subs := b.subs[topic]
	b.mu.RUnlock()

	msg := Message{Topic: topic, Payload: payload}
	delivered := 0
	for _, s := range subs {
		select {
		case s.ch <- msg:
			delivered++
		default:
			b.mu.Lock()
			s.dropped++
			b.mu.Unlock()
		}
	}
	return delivered, nil
}

// Subscribers returns the number of subscribers of topic.
func (b *Broker) Subscribers(topic string) int {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return len(b.subs[topic])
}

// Dropped returns how many messages s lost because its buffer was full.
func (b *Broker) Dropped(s *Subscription) int {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return s.dropped
}

// Close closes every subscription's channel. Later calls of Publish and
// Subscribe fail with ErrClosed.
func (b *Broker) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	b.closed = true
	for topic, list := range b.subs {
		for _, s := range list {
			close(s.ch)
		}
		delete(b.subs, topic)
	}
}
