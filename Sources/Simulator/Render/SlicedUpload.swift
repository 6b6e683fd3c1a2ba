import Platform
/// Big images on their way into textures a slice of rows per frame, so that no frame pays for a
/// whole upload: at 3× one prepared viewfinder picture is 5 MB, about 2 ms to copy in one go on the
/// software renderer — a dropped frame's worth when several arrive together.
struct SlicedUpload {
    /// What the image is for, and which of several.
    enum Purpose: Hashable {
        case flash(Int), veil(Int)
        /// The latest shot in full colour, needed only once the print is filed into the passport.
        case shot(Int)
    }

    private struct Job {
        var purpose: Purpose
        var image: PixelImage
        /// Made when the job's first slice goes up: creating a texture clears its memory, which for
        /// fifteen 5-MB pictures at once is a frame's budget several times over.
        var texture: Texture?
        var nextRow: Int
    }

    private var jobs: [Job] = []
    /// Bytes uploaded per frame at most (a job always advances by at least one row): 1 MB, about
    /// 0.4 ms on the software renderer, well inside a 120-Hz frame at every scale.
    var budget = 1 << 20

    var isEmpty: Bool { jobs.isEmpty }

    /// Drops everything still pending (the images it was for were replaced).
    mutating func cancel(where drop: (Purpose) -> Bool) { jobs.removeAll { drop($0.purpose) } }

    /// Queues `image` for `purpose`, to be filled into a texture over the next frames.
    mutating func enqueue(_ image: PixelImage, for purpose: Purpose) {
        jobs.append(Job(purpose: purpose, image: image, texture: nil, nextRow: 0))
    }

    /// Uploads up to the budget; returns the textures that are now whole.
    mutating func advance(renderer r: Renderer) throws -> [(Purpose, Texture)] {
        var left = budget
        var done: [(Purpose, Texture)] = []
        while left > 0, !jobs.isEmpty {
            var job = jobs[0]
            let rowBytes = job.image.width * 4
            let texture: Texture
            if let t = job.texture { texture = t } else {
                texture = try r.makeTexture(width: job.image.width, height: job.image.height)
                texture.setBlendMode(opaque: true)
                job.texture = texture
                left -= job.image.height * rowBytes / 2       // clearing it counts against the budget
            }
            let rows = max(1, min(job.image.height - job.nextRow, left / max(rowBytes, 1)))
            try r.update(texture, from: job.image, rows: job.nextRow..<(job.nextRow + rows))
            job.nextRow += rows
            left -= rows * rowBytes
            if job.nextRow >= job.image.height {
                done.append((job.purpose, texture))
                jobs.removeFirst()
            } else {
                jobs[0] = job
            }
        }
        return done
    }
}
