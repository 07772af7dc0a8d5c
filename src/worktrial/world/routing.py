"""Route a question to the topics of one person.

A topic is described by `about`, its `examples` and its `keywords`. A question is cut into parts (the whole
message, each sentence and each "..., and how ..." clause). For every part and every topic text (about and
each example) three similarities are mixed:

* `semantic`: cosine of the static sentence embeddings of the two texts as written,
* `content`: cosine of the embeddings of their content words only (stopwords and the person's name dropped),
* `words`: soft IDF-weighted word overlap -- each content word counts fully when the other text has the same
  stem and partly when it has a close word (by word embedding), both ways (coverage of the question by the
  text and of the text by the question, geometric mean),

and a keyword bonus is added when all words of one of the topic's keyword phrases occur in the part. A
topic's score is its best over parts and texts. Topics scoring at least `PeopleConfig.route_threshold`
match, best first, at most two; the second must also be the best topic, above the threshold, of some part
of the question on its own, so a message asking two things gets two answers but a lookalike topic does not
ride along with a single ask.
Everything is a pure function of the configuration and the question.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from worktrial.tasks.models import PeopleConfig, Person

from .embed import embed
from .text import clauses, content_words, is_ask, normalise

MAX_MATCHES = 2
Array = npt.NDArray[np.float64]


@dataclass(frozen=True)
class RouteWeights:
    """Tuned on paraphrase, two-part and chit-chat question sets; scores land in [0, 1].

    The floors are where unrelated text sits for this 64-d model, the "full" values where paraphrases sit.
    """

    semantic: float = 0.2
    content: float = 0.2
    words: float = 0.6
    keyword: float = 0.2
    semantic_floor: float = 0.3
    semantic_full: float = 0.9
    content_floor: float = 0.2
    content_full: float = 0.8
    word_floor: float = 0.4  # word pairs below this cosine are unrelated
    word_full: float = 0.9
    word_cap: float = 0.8  # a close word never counts as much as the same word


@dataclass
class _PersonIndex:
    ids: list[str]
    owner: list[int]  # topic index of each text
    raw: Array  # texts x DIM, embeddings of the texts as written
    content: Array  # texts x DIM, embeddings of their content words
    vocab: list[str]  # distinct stems over all texts
    vocab_vecs: Array  # vocab x DIM, word embeddings (of a surface form)
    vocab_idf: Array
    text_words: list[npt.NDArray[np.int64]]  # vocab indices of each text
    keywords: list[list[frozenset[str]]]  # per topic: stems of each keyword phrase
    names: frozenset[str]  # the person's own name and id: "Hi Dana" is no evidence


class Router:
    def __init__(self, people: PeopleConfig, weights: RouteWeights | None = None, cache_size: int = 4096) -> None:
        self.people = people
        self.weights = weights or RouteWeights()
        self._lock = threading.Lock()
        self._indexes: dict[str, _PersonIndex] = {}
        self._cache: OrderedDict[tuple[str, str], list[tuple[str, float]]] = OrderedDict()
        self._cache_size = cache_size
        self._idf, self._idf_unknown = _idf_table(people)

    def route(self, person_id: str, question: str) -> list[tuple[str, float]]:
        """Matched topic ids with scores, best first; empty when nothing matches (fallback)."""
        key = (person_id, normalise(question))
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return list(self._cache[key])
        ids, texts, parts = self._part_scores(person_id, key[1])
        total = parts.max(axis=0) if parts.size else np.zeros(len(ids))
        threshold = self.people.route_threshold
        # Topics that are the clear reading of at least one part of the question, on that part alone; those
        # read from a part that asks something come first, so what was asked is answered before what was told.
        winners = {int(row.argmax()) for row in parts if row.max() >= threshold}
        read = list(zip(texts, parts, strict=True))
        own = read[1:] or read  # the parts on their own, not the whole message, unless it has no parts
        asked = {int(row.argmax()) for text, row in own if is_ask(text) and row.max() >= threshold}
        ranked = sorted(range(len(ids)), key=lambda i: (i not in asked, -total[i], i))
        matched = [
            (ids[i], round(float(total[i]), 4))
            for n, i in enumerate(ranked)
            if total[i] >= threshold and (n == 0 or i in winners)
        ][:MAX_MATCHES]
        with self._lock:
            self._cache[key] = matched
            if len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return list(matched)

    def scores(self, person_id: str, question: str) -> list[tuple[str, float]]:
        """Score of every topic of the person, best first; for authors checking their examples."""
        ids, _texts, parts = self._part_scores(person_id, normalise(question))
        total = parts.max(axis=0) if parts.size else np.zeros(len(ids))
        order = sorted(range(len(ids)), key=lambda i: (-total[i], i))
        return [(ids[i], round(float(total[i]), 4)) for i in order]

    def warm_up(self) -> None:
        """Load the model and index every person now, so the first question is as fast as the others."""
        for person in self.people.people:
            self._index(person)

    # ------------------------------------------------------------------ scoring

    def _part_scores(self, person_id: str, question: str) -> tuple[list[str], list[str], Array]:
        """Topic ids, the parts, and a parts x topics score matrix (empty when the question has no words)."""
        person = self.people.person(person_id)
        if person is None:
            raise KeyError(person_id)
        index = self._index(person)
        found = clauses(question)
        parts = list(dict.fromkeys([question, *found])) if found else []
        if not index.ids or not parts:
            return index.ids, parts, np.zeros((0, len(index.ids)))
        w = self.weights
        bags = [{s: v for s, v in content_words(p).items() if s not in index.names} for p in parts]
        said = list(dict.fromkeys(s for bag in bags for s in bag))
        surface = {s: v for bag in bags for s, v in bag.items()}
        vecs = embed([*parts, *(" ".join(b.values()) for b in bags), *(surface[s] for s in said)])
        raw, content, word_vecs = (
            vecs[: len(parts)],
            vecs[len(parts) : 2 * len(parts)],
            vecs[2 * len(parts) :],
        )
        mix = w.semantic * _rescale(raw @ index.raw.T, w.semantic_floor, w.semantic_full)
        mix += w.content * _rescale(content @ index.content.T, w.content_floor, w.content_full)
        mix += w.words * self._soft_overlap(index, bags, said, word_vecs)
        scores = np.zeros((len(parts), len(index.ids)))
        for j, topic in enumerate(index.owner):
            np.maximum(scores[:, topic], mix[:, j], out=scores[:, topic])
        for k, phrases in enumerate(index.keywords):
            for n, bag in enumerate(bags):
                if any(p <= bag.keys() for p in phrases):
                    scores[n, k] += w.keyword
        return index.ids, parts, np.minimum(scores, 1.0)

    def _soft_overlap(self, index: _PersonIndex, bags: list[dict[str, str]], said: list[str], vecs: Array) -> Array:
        """parts x texts soft word overlap (see module doc)."""
        w = self.weights
        out = np.zeros((len(bags), len(index.text_words)))
        if not said or not index.vocab:
            return out
        sim = _rescale(vecs @ index.vocab_vecs.T, w.word_floor, w.word_full) * w.word_cap
        position = {s: i for i, s in enumerate(index.vocab)}
        for i, s in enumerate(said):
            if s in position:
                sim[i, position[s]] = 1.0
        q_idf = np.array([self._idf.get(s, self._idf_unknown) for s in said])
        rows = {s: i for i, s in enumerate(said)}
        for n, bag in enumerate(bags):
            if not bag:
                continue
            qi = np.array([rows[s] for s in bag])
            for t, words in enumerate(index.text_words):
                if words.size == 0:
                    continue
                block = sim[np.ix_(qi, words)]
                precision = float(q_idf[qi] @ block.max(axis=1)) / float(q_idf[qi].sum())
                t_idf = index.vocab_idf[words]
                recall = float(t_idf @ block.max(axis=0)) / float(t_idf.sum())
                out[n, t] = math.sqrt(precision * recall)
        return out

    # ------------------------------------------------------------------ index

    def _index(self, person: Person) -> _PersonIndex:
        with self._lock:
            found = self._indexes.get(person.id)
        if found is not None:
            return found
        names = frozenset(content_words(f"{person.name} {person.id.replace('-', ' ').replace('_', ' ')}"))
        texts, owner = [], []
        for k, topic in enumerate(person.topics):
            for text in [topic.about, *topic.examples]:
                texts.append(text)
                owner.append(k)
        bags = [{s: v for s, v in content_words(t).items() if s not in names} for t in texts]
        surface: dict[str, str] = {}
        for bag in bags:
            for s, v in bag.items():
                surface.setdefault(s, v)
        vocab = list(surface)
        position = {s: i for i, s in enumerate(vocab)}
        vecs = embed([*texts, *(" ".join(b.values()) for b in bags), *surface.values()])
        built = _PersonIndex(
            ids=[t.id for t in person.topics],
            owner=owner,
            raw=vecs[: len(texts)],
            content=vecs[len(texts) : 2 * len(texts)],
            vocab=vocab,
            vocab_vecs=vecs[2 * len(texts) :],
            vocab_idf=np.array([self._idf.get(s, self._idf_unknown) for s in vocab]),
            text_words=[np.array([position[s] for s in bag], dtype=np.int64) for bag in bags],
            keywords=[
                [frozenset(content_words(k)) - names for k in t.keywords if set(content_words(k)) - names]
                for t in person.topics
            ],
            names=names,
        )
        with self._lock:
            return self._indexes.setdefault(person.id, built)


def _rescale(cos: Array, floor: float, full: float) -> Array:
    return np.clip((cos - floor) / (full - floor), 0.0, 1.0)


def _idf_table(people: PeopleConfig) -> tuple[dict[str, float], float]:
    """BM25-style IDF over every topic text of every person; unseen words weigh like the rarest."""
    docs: list[set[str]] = []
    for person in people.people:
        for topic in person.topics:
            for text in [topic.about, *topic.examples, " ".join(topic.keywords)]:
                docs.append(set(content_words(text)))
    df: dict[str, int] = {}
    for doc in docs:
        for s in doc:
            df[s] = df.get(s, 0) + 1
    n = len(docs)
    idf = {s: math.log(1 + (n - d + 0.5) / (d + 0.5)) for s, d in df.items()}
    return idf, math.log(1 + (n + 0.5) / 0.5)
