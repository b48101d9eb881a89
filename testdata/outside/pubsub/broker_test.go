package pubsub

import (
	"sync"
	"testing"
)

func TestPublishSubscribe(t *testing.T) {
	b := NewBroker(4)
	a, _ := b.Subscribe("orders")
	c, _ := b.Subscribe("orders")
	other, _ := b.Subscribe("billing")

	n, err := b.Publish("orders", []byte("o-1"))
	if err != nil || n != 2 {
		t.Fatalf("Publish = %d, %v; want 2, nil", n, err)
	}
	if m := <-a.C; string(m.Payload) != "o-1" {
		t.Errorf("a got %q", m.Payload)
	}
	if m := <-c.C; string(m.Payload) != "o-1" {
		t.Errorf("c got %q", m.Payload)
	}
	b.Unsubscribe(a)
	if n, _ := b.Publish("orders", []byte("o-2")); n != 1 {
		t.Errorf("after Unsubscribe, delivered to %d", n)
	}
	b.Close()
	if _, ok := <-other.C; ok {
		t.Error("billing channel still open after Close")
	}
	if _, err := b.Publish("orders", nil); err != ErrClosed {
		t.Errorf("Publish after Close = %v", err)
	}
}

func TestChurn(t *testing.T) {
	b := NewBroker(16)
	keep, _ := b.Subscribe("events")

	var wg sync.WaitGroup
	wg.Add(2)
	go func() { // a publisher
		defer wg.Done()
		for i := 0; i < 10; i++ {
			if _, err := b.Publish("events", []byte{byte(i)}); err != nil {
				t.Error(err)
			}
		}
	}()
	go func() { // clients that come and go
		defer wg.Done()
		for i := 0; i < 5; i++ {
			s1, err := b.Subscribe("events")
			if err != nil {
				t.Error(err)
				return
			}
			s2, _ := b.Subscribe("events")
			b.Unsubscribe(s1)
			b.Unsubscribe(s2)
		}
	}()
	wg.Wait()

	if n := b.Subscribers("events"); n != 1 {
		t.Fatalf("Subscribers = %d, want 1", n)
	}
	got := 0
	for len(keep.C) > 0 {
		<-keep.C
		got++
	}
	if got+b.Dropped(keep) != 10 {
		t.Errorf("kept subscriber got %d and dropped %d of 10", got, b.Dropped(keep))
	}
	b.Close()
}
