"""The judge against a real HTTP server on 127.0.0.1 that fails the way model APIs fail: retries with
backoff, then `JudgeUnavailable`; nothing cached from a failure; the requests it sends."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from worktrial.grading.judge import JudgeUnavailable, LLMJudge, make_judge

from ..agents.model_server import Cut, Json, ModelServer, Raw, Reply, Slow, Status, openai_reply

YES = '{"answer": "yes", "rationale": "the totals are there"}'


def judge_at(server: ModelServer, tmp: Path, options: str = "") -> LLMJudge:
    spec = f"openai-compatible/judge-model?retries=2&retry_delay_s=0.01{options}"
    return make_judge(spec, cache_dir=tmp / "judge", base_url=f"{server.url}/v1", env={})


def cached_files(tmp: Path) -> list[Path]:
    return sorted((tmp / "judge").glob("*/*.json")) if (tmp / "judge").exists() else []


@pytest.mark.parametrize(
    "reply",
    [
        Status(500),
        Status(429, {"Retry-After": "0"}),
        Cut(),
        Slow(1.0, openai_reply(YES)),  # past the timeout of 0.5 s
        Raw(b'{"choices": [{"message": '),
        Raw(b"<html>bad gateway</html>", "text/html"),
        Json({"id": "x", "object": "chat.completion", "choices": []}),
        openai_reply(""),
        openai_reply("I would rather not say."),
        openai_reply('{"answer": "perhaps", "rationale": "unsure"}'),
    ],
    ids=["500", "429", "cut", "timeout", "truncated-json", "html", "no-choice", "empty", "prose", "bad-answer"],
)
def test_failures_are_retried_then_the_judge_is_unavailable(reply: Reply, tmp_path: Path) -> None:
    with ModelServer(lambda n, body: reply) as server:
        judge = judge_at(server, tmp_path, "&timeout_s=0.5" if isinstance(reply, Slow) else "&timeout_s=10")
        with pytest.raises(JudgeUnavailable, match=r"after 3 tries") as caught:
            judge.ask("Are the totals there?", text="north 23.75")
        assert caught.value.attempts == 3 and len(server.requests) == 3
    assert judge.stats.requests == 3 and judge.stats.retries == 2
    assert "openai-compatible/judge-model" in str(caught.value)  # the pin names the judge that failed
    assert cached_files(tmp_path) == []


@pytest.mark.parametrize("code", [400, 401, 404])
def test_client_errors_are_not_retried(code: int, tmp_path: Path) -> None:
    with ModelServer(lambda n, body: Status(code)) as server:
        with pytest.raises(JudgeUnavailable, match=f"HTTP {code}"):
            judge_at(server, tmp_path).ask("Are the totals there?", text="north 23.75")
        assert len(server.requests) == 1


def test_a_key_echoed_by_the_server_is_masked(tmp_path: Path) -> None:
    key = "sk-secret-judge-key-123"
    with ModelServer(lambda n, body: Status(401, message=f"bad key {key}")) as server:
        judge = make_judge(
            "openai-compatible/m?retries=0", cache_dir=None, base_url=f"{server.url}/v1", api_key=key, env={}
        )
        with pytest.raises(JudgeUnavailable) as caught:
            judge.ask("q?", text="t")
        assert server.requests[0][1]["authorization"] == f"Bearer {key}"
    assert key not in str(caught.value) and "[key]" in str(caught.value)


def test_transient_failures_then_an_answer_which_is_cached(tmp_path: Path) -> None:
    def script(n: int, body: dict[str, Any]) -> Reply:
        return [Status(503, {"Retry-After": "0"}), Cut()][n] if n < 2 else openai_reply(f"```json\n{YES}\n```")

    with ModelServer(script) as server:
        judge = judge_at(server, tmp_path)
        answer = judge.ask("Are the totals there?", text="north 23.75")
        again = judge_at(server, tmp_path).ask("Are the totals there?", text="north 23.75")  # a new grader
        assert len(server.requests) == 3
    label = judge.pin.label
    assert answer.yes and answer.rationale == f"[judge {label}] the totals are there" and again == answer
    assert judge.stats.retries == 2
    (record,) = cached_files(tmp_path)
    stored = json.loads(record.read_text())
    assert stored["pin"] == judge.pin.as_dict() and stored["reply"].startswith("```json")


def png_bytes() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 6), (200, 30, 30)).save(buf, format="PNG")
    return buf.getvalue()


def test_requests_are_pinned_to_temperature_zero_and_the_reply_schema(tmp_path: Path) -> None:
    picture = tmp_path / "page.png"
    picture.write_bytes(png_bytes())
    with ModelServer(lambda n, body: openai_reply(YES)) as server:
        judge_at(server, tmp_path, "&structured=json_schema").ask("Axis labels?", images=(picture,))
        judge_at(server, tmp_path, "&structured=json_object").ask("Axis labels?", text="a chart")
        judge_at(server, tmp_path).ask("Axis labels?", text="another chart")
        bodies = [body for _, _, body in server.requests]
    strict, grammar, plain = bodies
    assert all(b["temperature"] == 0 and b["model"] == "judge-model" for b in bodies)
    assert strict["response_format"]["type"] == "json_schema" and strict["response_format"]["json_schema"]["strict"]
    assert grammar["response_format"]["schema"]["properties"]["rationale"]["maxLength"] > 0
    assert "response_format" not in plain
    system, user = strict["messages"]
    assert system["role"] == "system" and "yes/no" in system["content"]
    text, image = user["content"]
    assert "Axis labels?" in text["text"] and "1 images attached" in text["text"]
    prefix, data = image["image_url"]["url"].split(",", 1)
    assert prefix == "data:image/png;base64" and base64.b64decode(data) == picture.read_bytes()


def test_a_text_only_judge_refuses_images_without_a_request(tmp_path: Path) -> None:
    picture = tmp_path / "page.png"
    picture.write_bytes(png_bytes())
    with ModelServer(lambda n, body: openai_reply(YES)) as server:
        with pytest.raises(JudgeUnavailable, match="cannot see images"):
            judge_at(server, tmp_path, "&vision=0").ask("Axis labels?", images=(picture,))
        assert server.requests == []
